/** /ai-replace: the three AI replace tools as cards (SPEC §2), each with what it needs from the user. */
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../../engine/site/routes';
import { ToolCard } from '../../components/ToolCard';
import { GenerationNotice } from './GenerationNotice';
import { useGenerationAvailability } from './useGenerationAvailability';
import '../aiImageGenerator.css';

export function AiReplaceHubPage() {
  const { t } = useTranslation();
  const availability = useGenerationAvailability('aiReplaceClothes');
  const tools = ROUTES.filter((route) => route.group === 'aiReplace' && route.listed);
  return (
    <div className="container tool-page gen-page" data-testid="page.aiReplace">
      <header className="page-header center">
        <h1 className="page-title">{t('tools.aiReplace.title')}</h1>
        <p className="lead">{t('tools.aiReplace.description')}</p>
      </header>
      {availability === 'notConfigured' && <GenerationNotice />}
      <div className="gen-hub">
        {tools.map((route) => (
          <ToolCard key={route.path} route={route} />
        ))}
      </div>
    </div>
  );
}
