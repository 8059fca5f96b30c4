/** The product label of the AI background step: a loading line while recognising, then an editable category. */
import { useTranslation } from 'react-i18next';
import { PRODUCT_CATEGORY_IDS } from '../../../engine/products/categories';
import type { ProductLabelView } from './useProductLabel';

export function ProductLabelField({ product }: { product: ProductLabelView }) {
  const { t } = useTranslation();
  return (
    <div className="product-label" data-testid="product.label" data-recognising={product.recognising}>
      <label className="changebg-heading" htmlFor="product-category">
        {t('extract.product.label')}
      </label>
      <select
        id="product-category"
        className="select"
        value={product.categoryId}
        onChange={(e) => product.setCategory(e.target.value)}
        data-testid="product.category"
      >
        {PRODUCT_CATEGORY_IDS.map((id) => (
          <option key={id} value={id}>
            {t(`extract.product.categories.${id}`)}
          </option>
        ))}
      </select>
      <p className="product-label__hint" role="status">
        {product.recognising ? t('extract.product.detecting') : t('extract.product.hint')}
      </p>
    </div>
  );
}
