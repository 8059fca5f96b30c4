/** The open tool's panel beside the rail (or in the mobile sheet). */
import { useTranslation } from 'react-i18next';
import { addLayer } from '../../../../engine/commands';
import { createColorfulTextLayer } from '../../../../engine/doc/factories';
import type { ColorfulTextMaterial } from '../../../../engine/doc/types';
import { useEditor } from '../../EditorContext';
import { ColorfulTextPanel } from '../../panels/ColorfulTextPanel';
import { StickerPanel } from '../../panels/StickerPanel';
import { placeAt } from '../actions/addContent';
import type { ContentActions } from '../actions/useContentActions';
import { Icon } from '../Icon';
import { CanvasEffectsPanel } from '../effectPanel/CanvasEffectsPanel';
import { BackgroundPanel } from './BackgroundPanel';
import { CanvasSizePanel } from './CanvasSizePanel';
import { ImagePanel } from './ImagePanel';
import { ShapesPanel } from './ShapesPanel';
import { TOOLS, type ToolId } from './tools';

interface Props {
  tool: ToolId;
  actions: ContentActions;
  onUpload(): void;
  onClose(): void;
}

/** The text a colourful style starts with: its own default text, else ours. */
function defaultTextOf(material: ColorfulTextMaterial, fallback: string): string {
  const item = material.items.find((entry) => entry.kind === 'text');
  return item?.kind === 'text' && item.text.trim() ? item.text : fallback;
}

export function ToolPanel({ tool, actions, onUpload, onClose }: Props) {
  const { t } = useTranslation();
  const editor = useEditor();

  const addColorful = (material: ColorfulTextMaterial) => {
    const { canvasW, canvasH } = editor.getProject();
    const text = defaultTextOf(material, t('editor.text.default'));
    editor.exec(addLayer, { layer: placeAt(createColorfulTextLayer({ material, text, canvasW, canvasH }), editor) });
  };

  return (
    <section className="ed-panel ed-tool-panel" aria-labelledby="ed-tool-title" data-testid={`panel.${tool}`}>
      <div className="ed-panel__head">
        <h2 id="ed-tool-title" className="ed-panel__title">
          {t(TOOLS.find((entry) => entry.id === tool)?.labelKey ?? `editor.tools.${tool}`)}
        </h2>
        <button type="button" className="ed-icon-button" onClick={onClose} aria-label={t('editor.common.close')} title={t('editor.common.close')}>
          <Icon name="close" size={18} />
        </button>
      </div>
      {tool === 'image' && <ImagePanel onUpload={onUpload} />}
      {tool === 'colorful' && (
        <div className="ed-panel-body">
          <ColorfulTextPanel onPick={addColorful} />
        </div>
      )}
      {tool === 'stickers' && (
        <div className="ed-panel-body">
          <StickerPanel onPick={(sticker) => void actions.addSticker(sticker.resId)} />
        </div>
      )}
      {tool === 'shapes' && <ShapesPanel />}
      {tool === 'background' && <BackgroundPanel actions={actions} />}
      {tool === 'adjust' && <CanvasEffectsPanel />}
      {tool === 'canvas' && <CanvasSizePanel />}
    </section>
  );
}
