/**
 * The product-photography landings (/product-photography/{white,green,blue}-background): the background changer
 * with one colour family. The product is cut out and set on the colour with a soft contact shadow.
 */
import { useTranslation } from 'react-i18next';
import { HowItWorks } from '../../components/HowItWorks';
import { ChangeBgWorkspace } from './changebg/ChangeBgWorkspace';
import { CostNote } from './changebg/CostNote';
import { ColorPanel } from './changebg/ColorPanel';
import { DEFAULT_OPTIONS } from './changebg/options';
import { SubjectControls } from './changebg/SubjectControls';
import { useChangeBackground } from './changebg/useChangeBackground';
import './BackgroundChangerPage.css';
import './ProductBackgroundPage.css';

export type ProductBackgroundVariant = 'white' | 'green' | 'blue';

interface VariantSpec {
  /** The page's colour, used by default. */
  color: string;
  /** Other shades of the family; `key` names them (changebg.colors.<key>). */
  shades: ReadonlyArray<{ key: string; color: string }>;
  /** Tool key in locales (`tools.<toolKey>.title`/`.description`). */
  toolKey: string;
}

/**
 * The colours of each landing. White is pure #FFFFFF (what marketplaces ask for); green and blue are calm,
 * mid-light tones that flatter products, with deeper shades and the chroma-key colours as alternatives.
 */
export const PRODUCT_BACKGROUNDS: Record<ProductBackgroundVariant, VariantSpec> = {
  white: {
    color: '#FFFFFF',
    toolKey: 'productWhite',
    shades: [
      { key: 'white', color: '#FFFFFF' },
      { key: 'softWhite', color: '#F7F7F5' },
      { key: 'warmWhite', color: '#FBF8F3' },
      { key: 'lightGrey', color: '#EDEEF0' },
    ],
  },
  green: {
    color: '#62B58F',
    toolKey: 'productGreen',
    shades: [
      { key: 'green', color: '#62B58F' },
      { key: 'mint', color: '#CDEBD9' },
      { key: 'sage', color: '#A9C5A0' },
      { key: 'forest', color: '#2F6B4F' },
      { key: 'chromaGreen', color: '#00B140' },
    ],
  },
  blue: {
    color: '#3D7DCA',
    toolKey: 'productBlue',
    shades: [
      { key: 'blue', color: '#3D7DCA' },
      { key: 'powder', color: '#DCE9F7' },
      { key: 'sky', color: '#9CC3EA' },
      { key: 'navy', color: '#1F3A5F' },
      { key: 'chromaBlue', color: '#0047BB' },
    ],
  },
};

/** One landing per variant; the key gives each its own state when the route switches between them. */
export function ProductBackgroundPage({ variant }: { variant: ProductBackgroundVariant }) {
  return <ProductBackgroundLanding key={variant} variant={variant} />;
}

function ProductBackgroundLanding({ variant }: { variant: ProductBackgroundVariant }) {
  const { t } = useTranslation();
  const spec = PRODUCT_BACKGROUNDS[variant];
  const view = useChangeBackground({ ...DEFAULT_OPTIONS, bgType: 'color', color: spec.color, shadow: true }, t(`tools.${spec.toolKey}.title`));
  return (
    <div className={`container tool-page changebg-page product-bg product-bg--${variant}`} data-testid={`page.productBackground.${variant}`}>
      <header className="page-header center">
        <h1 className="page-title">{t(`tools.${spec.toolKey}.title`)}</h1>
        <p className="lead">{t(`tools.${spec.toolKey}.description`)}</p>
      </header>

      <div className="changebg-layout">
        <div className="changebg-main">
          <ChangeBgWorkspace view={view} />
        </div>
        <aside className="card changebg-options" aria-label={t('changebg.options')}>
          <CostNote type="changebg" />
          <section aria-labelledby="product-bg-heading">
            <h2 id="product-bg-heading" className="changebg-heading">
              {t('changebg.background')}
            </h2>
            <ColorPanel
              value={view.options.color}
              onChange={(color) => view.setOptions({ ...view.options, color })}
              presets={spec.shades}
              showPalette={false}
            />
          </section>
          <SubjectControls
            subject={view.options.subject}
            shadow={view.options.shadow}
            onChange={(placement) => view.setOptions({ ...view.options, ...placement })}
          />
        </aside>
      </div>

      <section className="card product-bg__why" aria-labelledby="product-bg-why">
        <h2 id="product-bg-why" className="changebg-heading">
          {t(`changebg.product.${variant}.whyTitle`)}
        </h2>
        <p className="muted">{t(`changebg.product.${variant}.why`)}</p>
      </section>

      <HowItWorks headingId="product-bg-how" variant="tool" />
    </div>
  );
}
