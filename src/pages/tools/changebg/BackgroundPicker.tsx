/** The background choice of /tools/background-changer: colour, gradient, library, your image or transparent. */
import { useTranslation } from 'react-i18next';
import { BG_TYPES, type BgType } from '../../../../engine/backgrounds/params';
import { ColorPanel } from './ColorPanel';
import { GradientPanel } from './GradientPanel';
import { ImagePanel } from './ImagePanel';
import { LibraryGrid } from '../../../tools/backgroundLibrary/LibraryGrid';
import type { ChangeBgOptions } from './options';

interface Props {
  options: ChangeBgOptions;
  onChange(next: ChangeBgOptions): void;
}

export function BackgroundPicker({ options, onChange }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<ChangeBgOptions>) => onChange({ ...options, ...patch });
  const panelId = (type: BgType) => `changebg-panel-${type}`;
  return (
    <section className="changebg-picker" aria-labelledby="changebg-bg-heading">
      <h2 id="changebg-bg-heading" className="changebg-heading">
        {t('changebg.background')}
      </h2>
      <div className="changebg-tabs" role="tablist" aria-label={t('changebg.background')}>
        {BG_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            role="tab"
            id={`changebg-tab-${type}`}
            aria-selected={options.bgType === type}
            aria-controls={panelId(type)}
            className={`changebg-tab${options.bgType === type ? ' is-active' : ''}`}
            data-testid={`changebg.type.${type}`}
            onClick={() => set({ bgType: type })}
          >
            {t(`changebg.types.${type}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId(options.bgType)} aria-labelledby={`changebg-tab-${options.bgType}`} className="changebg-panel">
        {options.bgType === 'color' && <ColorPanel value={options.color} onChange={(color) => set({ color })} />}
        {options.bgType === 'gradient' && <GradientPanel value={options.gradient} onChange={(gradient) => set({ gradient })} />}
        {options.bgType === 'library' && <LibraryGrid selectedId={options.bgId} onSelect={(bgId) => set({ bgId })} />}
        {options.bgType === 'image' && <ImagePanel file={options.bgFile} onFile={(bgFile) => set({ bgFile })} />}
        {options.bgType === 'transparent' && (
          <div className="changebg-transparent">
            <div className="changebg-checker" aria-hidden="true" />
            <p className="muted small">{t('changebg.transparentHint')}</p>
          </div>
        )}
      </div>
    </section>
  );
}
