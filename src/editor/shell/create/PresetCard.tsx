/** A canvas size or template on /create: a proportional preview, its name and pixel size. */
import { useTranslation } from 'react-i18next';
import { toCssColor } from '../../../../engine/doc/color';
import type { CanvasPreset } from '../../templates';

/** The preview box's longest side in CSS pixels. */
const PREVIEW = 72;

export function PresetCard({ preset, busy, onPick }: { preset: CanvasPreset; busy: boolean; onPick(): void }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const scale = PREVIEW / Math.max(preset.width, preset.height);
  const name = t(`editor.sizes.${preset.id}`);
  const dims = `${number.format(preset.width)} × ${number.format(preset.height)}`;
  return (
    <li>
      <button
        type="button"
        className="card ed-preset"
        onClick={onPick}
        disabled={busy}
        aria-label={`${name}, ${dims}`}
        data-testid={`create.preset.${preset.id}`}
      >
        <span className="ed-preset__frame" aria-hidden="true">
          <span
            className="ed-preset__shape"
            style={{
              width: Math.max(8, Math.round(preset.width * scale)),
              height: Math.max(8, Math.round(preset.height * scale)),
              background: preset.background ? toCssColor(preset.background) : undefined,
            }}
          />
        </span>
        <span className="ed-preset__name">{name}</span>
        <span className="ed-preset__dims">{dims}</span>
      </button>
    </li>
  );
}
