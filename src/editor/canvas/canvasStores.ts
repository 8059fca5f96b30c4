/** Canvas-only UI state of the live stage: never document state, never in the history. */
import type { Box, Guide } from './snapping';
import { createSmallStore } from '../scene/smallStore';

/** Snap guides shown while dragging. */
export const guidesStore = createSmallStore<readonly Guide[]>([]);
/** The marquee box in canvas pixels while one is dragged. */
export const marqueeStore = createSmallStore<Box | null>(null);
// The text being edited in place is drawn (hidden) by the scene, so its store lives there.
export { editingTextStore } from '../scene/liveView';
