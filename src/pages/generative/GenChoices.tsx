/**
 * Style preset, aspect ratio, number of images and seed for a generation run. No free-text negative prompt: only
 * the prompt passes the task flow's text review and translation, and no user text reaches the server unchecked.
 */
import { useTranslation } from 'react-i18next';
import { ASPECT_RATIOS, MAX_IMAGES_PER_RUN, STYLE_PRESETS, seedInvalid, type GenerationChoices } from '../../../engine/spec/generativeParams';

interface Props {
  value: GenerationChoices;
  onChange(next: GenerationChoices): void;
  disabled?: boolean;
  /** Image-to-image keeps the picture's shape: no aspect ratio choice. */
  aspect?: boolean;
}

export function GenChoices({ value, onChange, disabled = false, aspect = true }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<GenerationChoices>) => onChange({ ...value, ...patch });
  const badSeed = seedInvalid(value.seed);
  return (
    <div className="gen-choices" data-testid="gen.choices">
      <fieldset className="gen-choices__group">
        <legend className="gen-form__label">{t('genai.choices.style')}</legend>
        <div className="chip-row gen-chip-row">
          {STYLE_PRESETS.map((style) => (
            <button
              key={style.id}
              type="button"
              className={`chip${value.style === style.id ? ' is-active' : ''}`}
              aria-pressed={value.style === style.id}
              disabled={disabled}
              onClick={() => set({ style: style.id })}
              data-testid={`gen.style.${style.id}`}
            >
              {t(`genai.style.${style.id}`)}
            </button>
          ))}
        </div>
      </fieldset>
      {aspect && (
        <fieldset className="gen-choices__group">
          <legend className="gen-form__label">{t('genai.choices.aspect')}</legend>
          <div className="chip-row gen-chip-row">
            {ASPECT_RATIOS.map((ratio) => (
              <button
                key={ratio.id}
                type="button"
                className={`chip${value.aspect === ratio.id ? ' is-active' : ''}`}
                aria-pressed={value.aspect === ratio.id}
                disabled={disabled}
                onClick={() => set({ aspect: ratio.id })}
                data-testid={`gen.aspect.${ratio.id}`}
              >
                <span className="gen-ratio" style={{ aspectRatio: `${ratio.width} / ${ratio.height}` }} aria-hidden="true" />
                {ratio.id}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      <div className="gen-choices__row">
        <label className="gen-choices__field">
          <span className="gen-form__label">{t('genai.choices.count')}</span>
          <select
            className="select"
            value={value.count}
            disabled={disabled}
            onChange={(event) => set({ count: Number(event.target.value) })}
            data-testid="gen.count"
          >
            {Array.from({ length: MAX_IMAGES_PER_RUN }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label className="gen-choices__field">
          <span className="gen-form__label">{t('genai.choices.seed')}</span>
          <input
            type="text"
            inputMode="numeric"
            value={value.seed}
            placeholder={t('genai.choices.seedRandom')}
            disabled={disabled}
            aria-invalid={badSeed}
            onChange={(event) => set({ seed: event.target.value })}
            data-testid="gen.seed"
          />
        </label>
      </div>
      {badSeed && (
        <p className="gen-outcome__error small" role="alert">
          {t('genai.choices.seedInvalid')}
        </p>
      )}
    </div>
  );
}
