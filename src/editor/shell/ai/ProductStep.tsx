/**
 * The AI background step's product label in the editor (SPEC §4): recognised again whenever the set of
 * non-text, non-sticker layers changes (engine/products/recognitionJob.ts), from the largest photo layer,
 * and always editable. Only the latest job's answer is shown. The step runs once the user opens it: selecting a
 * photo for another tool should not queue a recognition job in front of that tool's own task.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorSnapshot } from '../../../../engine/Editor';
import { recognitionKey } from '../../../../engine/products/recognitionJob';
import { LayerKind } from '../../../../engine/spec/kinds';
import { ProductLabelField } from '../../../tools/product/ProductLabelField';
import { useProductLabel } from '../../../tools/product/useProductLabel';
import { useEditor, useEditorSelector } from '../../EditorContext';
import { layerPictureFile } from './layerPicture';

const selectKey = (s: EditorSnapshot) => recognitionKey(s.project.layers);

/** The photo recognition looks at: the biggest user photo on the canvas (the product, usually). */
const selectProductLayer = (s: EditorSnapshot) => {
  const photos = s.project.layers.filter((l) => l.type === LayerKind.USER_IMAGE && l.value.valueType === 'img');
  photos.sort((a, b) => b.rect.w * b.rect.h - a.rect.w * a.rect.h);
  return photos[0]?.layerId ?? null;
};

export function ProductStep() {
  const { t } = useTranslation();
  const editor = useEditor();
  const key = useEditorSelector(selectKey);
  const layerId = useEditorSelector(selectProductLayer);
  const [open, setOpen] = useState(false);
  const product = useProductLabel(open && layerId ? key : null, () => (layerId ? layerPictureFile(editor, layerId) : null));
  if (!layerId) return null;
  return (
    <details className="ed-field" data-testid="ai.product" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="ed-field__label">{t('extract.product.step')}</summary>
      {open && <ProductLabelField product={product} />}
    </details>
  );
}
