/**
 * Picks the page component for a route-table entry by its kind. Every page but home, 404 and the
 * placeholder is its own chunk (React.lazy), so the first load of a page downloads only that page.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import type { AppRoute } from '../../engine/site/routes';
import { BATCH_TOOLS, BATCH_TOOL_IDS, type BatchToolId } from '../../engine/spec/batch';
import { HomePage } from './HomePage';
import { NotFoundPage } from '../site/pages/NotFoundPage';
import { PlaceholderPage } from './PlaceholderPage';

/** A page component loaded on first use (its own chunk). */
function page<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

const AdminStatsPage = page(() => import('./AdminStatsPage').then((m) => m.AdminStatsPage));
const AiImageGeneratorPage = page(() => import('./AiImageGeneratorPage').then((m) => m.AiImageGeneratorPage));
const BackgroundRemoverPage = page(() => import('./BackgroundRemoverPage').then((m) => m.BackgroundRemoverPage));
const CreatePage = page(() => import('./CreatePage').then((m) => m.CreatePage));
const EditorPage = page(() => import('../editor/EditorPage').then((m) => m.EditorPage));
const ProjectsPage = page(() => import('./ProjectsPage').then((m) => m.ProjectsPage));
const ToolsPage = page(() => import('./ToolsPage').then((m) => m.ToolsPage));
const AiBackgroundPage = page(() => import('./tools/AiBackgroundPage').then((m) => m.AiBackgroundPage));
const BackgroundChangerPage = page(() => import('./tools/BackgroundChangerPage').then((m) => m.BackgroundChangerPage));
const BlurBackgroundPage = page(() => import('./tools/BlurBackgroundPage').then((m) => m.BlurBackgroundPage));
const ImageExtenderPage = page(() => import('./tools/ImageExtenderPage').then((m) => m.ImageExtenderPage));
const MagicEraserPage = page(() => import('./tools/MagicEraserPage').then((m) => m.MagicEraserPage));
const IdPhotoMakerPage = page(() => import('./tools/idphoto/IdPhotoMakerPage').then((m) => m.IdPhotoMakerPage));
const IdPhotoEditPage = page(() => import('./tools/idphoto/IdPhotoEditPage').then((m) => m.IdPhotoEditPage));
const PhotoEnhancerPage = page(() => import('./tools/PhotoEnhancerPage').then((m) => m.PhotoEnhancerPage));
const TextExtractorPage = page(() => import('./tools/TextExtractorPage').then((m) => m.TextExtractorPage));
const ProductBackgroundPage = page(() => import('./tools/ProductBackgroundPage').then((m) => m.ProductBackgroundPage));
const HelpPage = page(() => import('../site/pages/HelpPage').then((m) => m.HelpPage));
const AboutPage = page(() => import('../site/pages/AboutPage').then((m) => m.AboutPage));
const PolicyPage = page(() => import('../site/pages/PolicyPage').then((m) => m.PolicyPage));
const BlogListPage = page(() => import('../site/blog/BlogListPage').then((m) => m.BlogListPage));
const PricingPage = page(() => import('./account/PricingPage').then((m) => m.PricingPage));
const OrderPage = page(() => import('./account/OrderPage').then((m) => m.OrderPage));
const AccountPage = page(() => import('./account/AccountPage').then((m) => m.AccountPage));
const LoginPage = page(() => import('./account/LoginPage').then((m) => m.LoginPage));
const ReplaceToolPage = page(() => import('./generative/ReplaceToolPage').then((m) => m.ReplaceToolPage));
const AiReplaceHubPage = page(() => import('./generative/AiReplaceHubPage').then((m) => m.AiReplaceHubPage));
const ColorizePage = page(() => import('./generative/ColorizePage').then((m) => m.ColorizePage));
const BatchHubPage = page(() => import('./batch/BatchHubPage').then((m) => m.BatchHubPage));
const BatchToolPage = page(() => import('./batch/BatchToolPage').then((m) => m.BatchToolPage));
const BatchFineTunePage = page(() => import('./batch/BatchFineTunePage').then((m) => m.BatchFineTunePage));
const TemplateGalleryPage = page(() => import('../site/templates/TemplateGalleryPage').then((m) => m.TemplateGalleryPage));

/** The bulk tool of a batch page's path. */
const batchToolOf = (path: string): BatchToolId => BATCH_TOOL_IDS.find((id) => BATCH_TOOLS[id].path === path) ?? 'removebg';

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
    case 'textExtractor': return <TextExtractorPage />;
    case 'idPhotoMaker': return <IdPhotoMakerPage />;
    case 'idPhotoEdit': return <IdPhotoEditPage />;
    case 'pricing': return <PricingPage />;
    case 'order': return <OrderPage />;
    case 'account': return <AccountPage />;
    case 'logIn': return <LoginPage mode="log-in" />;
    case 'signUp': return <LoginPage mode="sign-up" />;
    case 'help': return <HelpPage />;
    case 'about': return <AboutPage />;
    case 'privacyPolicy': return <PolicyPage policy="privacy" />;
    case 'termsOfUse': return <PolicyPage policy="terms" />;
    case 'cookiesPolicy': return <PolicyPage policy="cookies" />;
    case 'blog': return <BlogListPage />;
    case 'template': return <TemplateGalleryPage />;
    case 'aiImageGeneratorCreate': return <AiImageGeneratorPage mode="textToImage" variant="create" />;
    case 'imageToImage': return <AiImageGeneratorPage mode="imageToImage" />;
    case 'imageToImageCreate': return <AiImageGeneratorPage mode="imageToImage" variant="create" />;
    case 'aiReplace': return <AiReplaceHubPage />;
    case 'aiClothesChanger': return <ReplaceToolPage variant="clothes" />;
    case 'aiVirtualTryOn': return <ReplaceToolPage variant="product" />;
    case 'backgroundReplacer': return <ReplaceToolPage variant="background" />;
    case 'colorize': return <ColorizePage />;
    case 'batchHub': return <BatchHubPage titleKey={route.titleKey} />;
    case 'batchTool': return <BatchToolPage key={route.path} tool={batchToolOf(route.path)} />;
    case 'batchFineTune': return <BatchFineTunePage />;
  }
}

export function PageForRoute({ route }: { route: AppRoute }) {
  return (
    <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
      <Page route={route} />
    </Suspense>
  );
}
