/** The images a run made, each with its own download (PNG or JPG, named after the tool). */
import { useTranslation } from 'react-i18next';
import { ResultActionsCompact } from './ResultActionsCompact';
import type { GenerativeResult } from '../../tools/useGenerativeTask';

/** `original`: the photo's file name, or the prompt (downloads are named after it); `tool`: the tool's slug. */
/** The first few words of a prompt make a readable file name ("black-cat-in-snow-ai-image.png"). */
function downloadStem(original: string): string {
  return /\.[a-z0-9]{1,5}$/i.test(original) ? original : original.split(/\s+/).slice(0, 6).join(' ');
}

export function ResultGallery({ results, original, tool, seed }: { results: GenerativeResult[]; original: string; tool: string; seed?: number | null }) {
  const { t } = useTranslation();
  if (results.length === 0) return null;
  return (
    <section className="gen-gallery" aria-label={t('genai.results')} data-testid="gen.gallery">
      {seed != null && (
        <p className="muted small" data-testid="gen.seedUsed">
          {t('genai.seedUsed', { seed })}
        </p>
      )}
      <div className="gen-gallery__grid">
        {results.map((result, index) => (
          <figure key={result.taskId} className="gen-gallery__item">
            <img src={result.url} alt={t('genai.resultAlt', { n: index + 1 })} data-testid="gen.result" />
            <figcaption>
              <ResultActionsCompact blob={result.blob} original={downloadStem(original)} tool={results.length > 1 ? `${tool}-${index + 1}` : tool} />
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
