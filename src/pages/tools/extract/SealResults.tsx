/** The seals found: each alone on a checkerboard (it is transparent), its ring and centre text, copy and download. */
import { useTranslation } from 'react-i18next';
import type { SealExtractResult } from '../../../../engine/spec/extraction';

interface Props {
  result: SealExtractResult;
  baseName: string;
  onCopy(text: string): void;
}

export function SealResults({ result, baseName, onCopy }: Props) {
  const { t } = useTranslation();
  if (result.seals.length === 0)
    return (
      <p className="extract-empty" data-testid="extract.noSeal">
        {t('extract.seal.none')}
      </p>
    );
  return (
    <section className="extract-seals" aria-labelledby="extract-seals-title">
      <h2 id="extract-seals-title" className="extract-heading">
        {t('extract.seal.heading', { count: result.seals.length })}
      </h2>
      {result.seals.map((seal, i) => (
        <article key={i} className="extract-seal" data-testid="extract.seal">
          <img className="extract-seal__image" src={seal.png} alt={t('extract.seal.alt')} />
          <dl className="extract-seal__texts">
            <dt>{t('extract.seal.ring')}</dt>
            <dd>
              <span data-testid="extract.sealRing" lang="zh">
                {seal.ringText || '—'}
              </span>
              {seal.ringText && (
                <button type="button" className="button button--secondary" onClick={() => onCopy(seal.ringText)}>
                  {t('extract.copy')}
                </button>
              )}
            </dd>
            <dt>{t('extract.seal.centre')}</dt>
            <dd>
              <span data-testid="extract.sealCentre" lang="zh">
                {seal.centreText || '—'}
              </span>
              {seal.centreText && (
                <button type="button" className="button button--secondary" onClick={() => onCopy(seal.centreText)}>
                  {t('extract.copy')}
                </button>
              )}
            </dd>
          </dl>
          <a className="button button--primary" href={seal.png} download={`${baseName}-seal-${i + 1}.png`} data-testid="extract.sealDownload">
            {t('extract.seal.download')}
          </a>
        </article>
      ))}
    </section>
  );
}
