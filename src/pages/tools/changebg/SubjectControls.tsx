/** Where the subject goes and how big it is, plus the soft contact shadow. */
import { useTranslation } from 'react-i18next';
import { DEFAULT_PLACEMENT, SUBJECT_SCALE_MAX, SUBJECT_SCALE_MIN, type SubjectPlacement } from '../../../../engine/backgrounds/params';

interface Props {
  subject: SubjectPlacement;
  shadow: boolean;
  onChange(next: { subject: SubjectPlacement; shadow: boolean }): void;
}

const percent = (v: number) => Math.round(v * 100);

export function SubjectControls({ subject, shadow, onChange }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<SubjectPlacement>) => onChange({ subject: { ...subject, ...patch }, shadow });
  const slider = (key: keyof SubjectPlacement, label: string, min: number, max: number) => (
    <label className="changebg-slider">
      <span className="changebg-label">{label}</span>
      <input
        type="range"
        min={percent(min)}
        max={percent(max)}
        step={1}
        value={percent(subject[key])}
        data-testid={`changebg.subject.${key}`}
        onChange={(event) => set({ [key]: Number(event.target.value) / 100 })}
      />
      <output>{percent(subject[key])}%</output>
    </label>
  );
  const moved = subject.x !== DEFAULT_PLACEMENT.x || subject.y !== DEFAULT_PLACEMENT.y || subject.scale !== DEFAULT_PLACEMENT.scale;
  return (
    <fieldset className="changebg-subject" data-testid="changebg.subject">
      <legend className="changebg-heading">{t('changebg.subject.title')}</legend>
      {slider('x', t('changebg.subject.x'), 0, 1)}
      {slider('y', t('changebg.subject.y'), 0, 1)}
      {slider('scale', t('changebg.subject.scale'), SUBJECT_SCALE_MIN, SUBJECT_SCALE_MAX)}
      <label className="changebg-check">
        <input type="checkbox" checked={shadow} data-testid="changebg.shadow" onChange={(event) => onChange({ subject, shadow: event.target.checked })} />
        <span>{t('changebg.subject.shadow')}</span>
      </label>
      <button
        type="button"
        className="button button--ghost"
        disabled={!moved}
        onClick={() => onChange({ subject: DEFAULT_PLACEMENT, shadow })}
        data-testid="changebg.subject.reset"
      >
        {t('changebg.subject.reset')}
      </button>
    </fieldset>
  );
}
