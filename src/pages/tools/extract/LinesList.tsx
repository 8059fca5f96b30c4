/** The lines found, in reading order, each copyable on its own, plus "Copy all". */
import { useTranslation } from 'react-i18next';
import type { ExtractedLine } from '../../../../engine/spec/extraction';

interface Props {
  lines: ExtractedLine[];
  active: number | null;
  onActive(index: number | null): void;
  onCopy(text: string): void;
}

export function LinesList({ lines, active, onActive, onCopy }: Props) {
  const { t } = useTranslation();
  if (lines.length === 0)
    return (
      <p className="extract-empty" data-testid="extract.noText">
        {t('extract.text.none')}
      </p>
    );
  return (
    <section className="extract-lines" aria-labelledby="extract-lines-title">
      <div className="extract-lines__head">
        <h2 id="extract-lines-title" className="extract-heading">
          {t('extract.text.heading', { count: lines.length })}
        </h2>
        <button type="button" className="button button--primary" onClick={() => onCopy(lines.map((l) => l.text).join('\n'))} data-testid="extract.copyAll">
          {t('extract.copyAll')}
        </button>
      </div>
      <ol className="extract-lines__list">
        {lines.map((line, i) => (
          <li
            key={i}
            className={`extract-line${active === i ? ' is-active' : ''}`}
            onMouseEnter={() => onActive(i)}
            onMouseLeave={() => onActive(null)}
            data-testid="extract.line"
          >
            <span className="extract-line__text" lang={/[\u3400-\u9fff]/.test(line.text) ? 'zh' : undefined}>
              {line.text}
            </span>
            <span className="extract-line__confidence">{t('extract.text.confidence', { percent: Math.round(line.confidence * 100) })}</span>
            <button
              type="button"
              className="button button--secondary extract-line__copy"
              onFocus={() => onActive(i)}
              onClick={() => onCopy(line.text)}
              aria-label={t('extract.copyLine', { text: line.text })}
            >
              {t('extract.copy')}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
