/**
 * Picks the page component for a route-table entry by its kind. Every page but home, 404 and the
 * placeholder is its own chunk (React.lazy), so the first load of a page downloads only that page.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import type { AppRoute } from '../app/routes';
import { HomePage } from './HomePage';
import { NotFoundPage } from './NotFoundPage';
import { PlaceholderPage } from './PlaceholderPage';

/** A lazily loaded named export. */
function page<K extends string, P>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const AdminStatsPage = page(() => import('./AdminStatsPage'), 'AdminStatsPage');
const AiImageGeneratorPage = page(() => import('./AiImageGeneratorPage'), 'AiImageGeneratorPage');
const BackgroundRemoverPage = page(() => import('./BackgroundRemoverPage'), 'BackgroundRemoverPage');
const CreatePage = page(() => import('./CreatePage'), 'CreatePage');
const EditorPage = page(() => import('../editor/EditorPage'), 'EditorPage');
const ProjectsPage = page(() => import('./ProjectsPage'), 'ProjectsPage');
const ToolsPage = page(() => import('./ToolsPage'), 'ToolsPage');
const AiBackgroundPage = page(() => import('./tools/AiBackgroundPage'), 'AiBackgroundPage');
const BackgroundChangerPage = page(() => import('./tools/BackgroundChangerPage'), 'BackgroundChangerPage');
const BlurBackgroundPage = page(() => import('./tools/BlurBackgroundPage'), 'BlurBackgroundPage');
const ImageExtenderPage = page(() => import('./tools/ImageExtenderPage'), 'ImageExtenderPage');
const MagicEraserPage = page(() => import('./tools/MagicEraserPage'), 'MagicEraserPage');
const PhotoEnhancerPage = page(() => import('./tools/PhotoEnhancerPage'), 'PhotoEnhancerPage');
const ProductBackgroundPage = page(() => import('./tools/ProductBackgroundPage'), 'ProductBackgroundPage');
const HelpPage = page(() => import('../site/pages/HelpPage'), 'HelpPage');
const AboutPage = page(() => import('../site/pages/AboutPage'), 'AboutPage');
const PolicyPage = page(() => import('../site/pages/PolicyPage'), 'PolicyPage');
const BlogListPage = page(() => import('../site/blog/BlogListPage'), 'BlogListPage');
const TemplateGalleryPage = page(() => import('../site/templates/TemplateGalleryPage'), 'TemplateGalleryPage');

function Page({ route }: { route: AppRoute }) {
  switch (route.kind) {
    case 'home': return <HomePage />;
    case 'toolsIndex': return <ToolsPage />;
    case 'backgroundRemover': return <BackgroundRemoverPage />;
    case 'notFound': return <NotFoundPage />;
    case 'placeholder': return <PlaceholderPage route={route} />;
    case 'create': return <CreatePage />;
    case 'editor': return <EditorPage />;
    case 'projects': return <ProjectsPage type="project" />;
    case 'cutouts': return <ProjectsPage type="cutouts" />;
    case 'aiImageGenerator': return <AiImageGeneratorPage />;
    case 'adminStats': return <AdminStatsPage />;
    case 'photoEnhancer': return <PhotoEnhancerPage />;
    case 'backgroundChanger': return <BackgroundChangerPage />;
    case 'productWhite': return <ProductBackgroundPage variant="white" />;
    case 'productGreen': return <ProductBackgroundPage variant="green" />;
    case 'productBlue': return <ProductBackgroundPage variant="blue" />;
    case 'aiBackground': return <AiBackgroundPage />;
    case 'blurBackground': return <BlurBackgroundPage />;
    case 'imageExtender': return <ImageExtenderPage />;
    case 'magicEraser': return <MagicEraserPage />;
    case 'help': return <HelpPage />;
    case 'about': return <AboutPage />;
    case 'privacyPolicy': return <PolicyPage policy="privacy" />;
    case 'termsOfUse': return <PolicyPage policy="terms" />;
    case 'cookiesPolicy': return <PolicyPage policy="cookies" />;
    case 'blog': return <BlogListPage />;
    case 'template': return <TemplateGalleryPage />;
  }
}

export function PageForRoute({ route }: { route: AppRoute }) {
  return (
    <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
      <Page route={route} />
    </Suspense>
  );
}
