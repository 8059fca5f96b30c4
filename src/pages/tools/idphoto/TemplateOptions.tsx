/** The chosen template's facts, its allowed background colours and the output (photo or print sheet). */
import { useTranslation } from 'react-i18next';
import { ID_PHOTO_OUTPUTS, type IdPhotoOutput } from '../../../../engine/idphoto/params';
import type { IdPhotoTemplate } from '../../../../engine/idphoto/template';
import { templateSize, templateTitle } from './idPhotoText';

interface Props {
  template: IdPhotoTemplate;
  bgColor: string;
  onBgColor(color: string): void;
  output?: IdPhotoOutput;
  onOutput?(output: IdPhotoOutput): void;
}

export function TemplateOptions({ template, bgColor, onBgColor, output, onOutput }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <div className="idp-options" data-testid="idphoto.options">
      <p className="idp-options__name">
        <strong data-testid="idphoto.selected">{templateTitle(t, template, i18n.language)}</strong> · {templateSize(template)}
      </p>
      <p className="muted small">
        {t('idphoto.headBand', { min: template.headPercent[0], max: template.headPercent[1] })}
        {template.maxFileKB ? ` · ${t('idphoto.maxSize', { kb: template.maxFileKB })}` : ''}
      </p>
      {!template.retouchAllowed && (
        <p className="small idp-options__note" data-testid="idphoto.noRetouch">
          {t('idphoto.noRetouch')}
        </p>
      )}
      <div className="idp-options__row" role="radiogroup" aria-label={t('idphoto.background')}>
        <span className="idp-options__label">{t('idphoto.background')}</span>
        {template.limitBgColors.map((c) => (
          <button
            key={c}
            type="button"
            role="radio"
            aria-checked={c === bgColor}
            aria-label={c}
            title={c}
            className={`idp-swatch${c === bgColor ? ' is-selected' : ''}`}
            style={{ background: c }}
            onClick={() => onBgColor(c)}
            data-testid={`idphoto.bg.${c.slice(1)}`}
          />
        ))}
      </div>
      {onOutput && (
        // A segmented choice in the page's own style, not the browser's unstyled select (issue 29 item 12).
        <div className="idp-options__row" role="radiogroup" aria-label={t('idphoto.output.label')} data-testid="idphoto.output" data-value={output}>
          <span className="idp-options__label">{t('idphoto.output.label')}</span>
          <div className="idp-segmented">
            {ID_PHOTO_OUTPUTS.map((o) => (
              <button
                key={o}
                type="button"
                role="radio"
                aria-checked={o === output}
                className={`idp-segmented__item${o === output ? ' is-selected' : ''}`}
                onClick={() => onOutput(o)}
                data-testid={`idphoto.output.${o}`}
              >
                {t(`idphoto.output.${o}`)}
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
