/** What a reader may object to in an accepted photo (compliance advice), under the result. */
import { useTranslation } from 'react-i18next';
import type { IdPhotoAdvice } from '../../../../engine/idphoto/checks';
import type { IdPhotoTemplate } from '../../../../engine/idphoto/template';

export function AdviceList({ advice, template }: { advice: readonly IdPhotoAdvice[]; template: IdPhotoTemplate }) {
  const { t } = useTranslation();
  if (advice.length === 0) return null;
  return (
    <div className="idp-advice" role="status" data-testid="idphoto.advice" data-advice={advice.join(',')} data-template={template.templateId}>
      <p className="idp-advice__title">{t('idphoto.advice.title')}</p>
      <ul>
        {advice.map((a) => (
          <li key={a} data-testid={`idphoto.advice.${a}`}>
            {t(`idphoto.advice.${a}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
