/** Picks the page component for a route-table entry by its kind. */
import type { AppRoute } from '../app/routes';
import { AdminStatsPage } from './AdminStatsPage';
import { AiImageGeneratorPage } from './AiImageGeneratorPage';
import { BackgroundRemoverPage } from './BackgroundRemoverPage';
import { CreatePage } from './CreatePage';
import { EditorPage } from '../editor/EditorPage';
import { HomePage } from './HomePage';
import { NotFoundPage } from './NotFoundPage';
import { PlaceholderPage } from './PlaceholderPage';
import { ProjectsPage } from './ProjectsPage';
import { ToolsPage } from './ToolsPage';
import { AccountPage } from './account/AccountPage';
import { LoginPage } from './account/LoginPage';
import { OrderPage } from './account/OrderPage';
import { PricingPage } from './account/PricingPage';
import { AiBackgroundPage } from './tools/AiBackgroundPage';
import { BackgroundChangerPage } from './tools/BackgroundChangerPage';
import { BlurBackgroundPage } from './tools/BlurBackgroundPage';
import { ImageExtenderPage } from './tools/ImageExtenderPage';
import { MagicEraserPage } from './tools/MagicEraserPage';
import { PhotoEnhancerPage } from './tools/PhotoEnhancerPage';
import { ProductBackgroundPage } from './tools/ProductBackgroundPage';

export function PageForRoute({ route }: { route: AppRoute }) {
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
    case 'pricing': return <PricingPage />;
    case 'order': return <OrderPage />;
    case 'account': return <AccountPage />;
    case 'logIn': return <LoginPage mode="log-in" />;
    case 'signUp': return <LoginPage mode="sign-up" />;
  }
}
