/** A refused photo: what is wrong, what to do, and that no credit was used. */
import { useTranslation } from 'react-i18next';
import type { IdPhotoProblem } from '../../../../engine/idphoto/checks';

export function ProblemPanel({
  problem,
  fallback,
  onRetry,
  onNewImage,
}: {
  problem: IdPhotoProblem | null;
  fallback: string;
  onRetry(): void;
  onNewImage(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="idp-problem" role="alert" data-testid="idphoto.problem" data-problem={problem ?? ''}>
      <p className="idp-problem__title">{problem ? t(`idphoto.problem.${problem}.title`) : fallback}</p>
      {problem && <p className="idp-problem__advice">{t(`idphoto.problem.${problem}.advice`)}</p>}
      {problem && <p className="muted small">{t('idphoto.noCharge')}</p>}
      <div className="idp-actions">
        {!problem && (
          <button type="button" className="button button--secondary" onClick={onRetry}>
            {t('idphoto.retry')}
          </button>
        )}
        <button type="button" className="button button--primary" onClick={onNewImage} data-testid="idphoto.newPhoto">
          {t('idphoto.newPhoto')}
        </button>
      </div>
    </div>
  );
}
