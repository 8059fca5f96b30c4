/** Line icons of the effects panels (24×24, stroke = currentColor), decorative like the shell's Icon. */
import type { OutlineType } from '../../../../engine/doc/types';

const PATHS = {
  compare: 'M12 3v18M4 5h5v14H4zM15 5h5v14h-5',
  reset: 'M4 4v6h6M4.6 14a8 8 0 1 0 1.8-8.3L4 10',
  adjust: 'M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4',
  chevron: 'm9 6 6 6-6 6',
} as const;

export type EffectIconName = keyof typeof PATHS;

export function EffectIcon({ name, size = 18 }: { name: EffectIconName; size?: number }) {
  return (
    <svg className="ed-icon fx-icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}

/** Dash pattern of each outline type's sample line (OUTLINE_TYPES: 0 none … 5 dash type 2). */
const OUTLINE_SAMPLE: Record<OutlineType, { dash?: string; double?: boolean }> = {
  0: {},
  1: {},
  2: { dash: '0.1 4' },
  3: { dash: '5 3' },
  4: { double: true },
  5: { dash: '4 3', double: true },
};

/** A rounded square drawn in the outline type's line style; type 0 is a crossed-out square. */
export function OutlineTypeIcon({ type, size = 22 }: { type: OutlineType; size?: number }) {
  const sample = OUTLINE_SAMPLE[type];
  return (
    <svg className="ed-icon fx-icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {type === 0 ? (
        <path d="M5 5h14v14H5zM5 19 19 5" strokeDasharray="2 2" />
      ) : sample.double ? (
        <>
          <rect x="3" y="3" width="18" height="18" rx="3" strokeDasharray={sample.dash} strokeWidth="1.4" />
          <rect x="7" y="7" width="10" height="10" rx="2" strokeDasharray={sample.dash} strokeWidth="1.4" />
        </>
      ) : (
        <rect x="4" y="4" width="16" height="16" rx="3" strokeDasharray={sample.dash} strokeWidth={type === 2 ? 2.4 : 1.8} />
      )}
    </svg>
  );
}
