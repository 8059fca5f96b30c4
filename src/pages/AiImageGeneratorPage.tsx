/**
 * /ai-image-generator and /image-to-image-ai (landing) and their /create pages (SPEC §2 AI generation). The
 * landing introduces the tool above the workspace and links to the create page; the create page is the
 * workspace alone, wide, with the results beside the form on a large screen. The prompt is language-checked
 * and translated before it runs (issue 13), then goes through the task flow's text review to the generation
 * server; without one, the page says so and where an operator reads how to connect it.
 */
import { useTranslation } from 'react-i18next';
import { LocalLink } from '../components/LocalLink';
import { GenerativeStudio, type StudioMode } from './generative/GenerativeStudio';
import './aiImageGenerator.css';

const PAGE: Record<StudioMode, { id: string; tool: string; create: string; landing: string }> = {
  textToImage: { id: 'aiImageGenerator', tool: 'aiImageGenerator', create: '/ai-image-generator/create', landing: '/ai-image-generator' },
  imageToImage: { id: 'imageToImage', tool: 'imageToImage', create: '/image-to-image-ai/create', landing: '/image-to-image-ai' },
};

export function AiImageGeneratorPage({ mode = 'textToImage', variant = 'landing' }: { mode?: StudioMode; variant?: 'landing' | 'create' }) {
  const { t } = useTranslation();
  const page = PAGE[mode];
  const landing = variant === 'landing';
  return (
    <div className={`container tool-page gen-page${landing ? '' : ' gen-page--create'}`} data-testid={landing ? `page.${page.id}` : `page.${page.id}Create`}>
      <header className="page-header center">
        <h1 className="page-title">{t(landing ? `tools.${page.tool}.title` : `tools.${page.tool}Create.title`)}</h1>
        <p className="lead">{t(landing ? `tools.${page.tool}.description` : `tools.${page.tool}Create.description`)}</p>
        {landing ? (
          <LocalLink to={page.create} className="text-link" data-testid="gen.toCreate">
            {t('genai.openCreate')}
          </LocalLink>
        ) : (
          <LocalLink to={page.landing} className="text-link">
            {t('genai.aboutTool')}
          </LocalLink>
        )}
      </header>
      <GenerativeStudio mode={mode} />
      {landing && (
        <section className="gen-tips" aria-labelledby="gen-tips-title">
          <h2 id="gen-tips-title">{t('genai.tips.title')}</h2>
          <ul>
            <li>{t('genai.tips.subject')}</li>
            <li>{t('genai.tips.style')}</li>
            <li>{t('genai.tips.seed')}</li>
            <li>{t('genai.tips.language')}</li>
          </ul>
        </section>
      )}
    </div>
  );
}
