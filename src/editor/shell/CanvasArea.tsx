/**
 * The middle of the editor: the canvas, plus drops onto it — picture files become image layers
 * and stickers dragged from the sticker panel are placed where they are dropped.
 */
import { useRef, type DragEvent } from 'react';
import { useDropTarget } from '../../hooks/useDropTarget';
import { useTranslation } from 'react-i18next';
import { CanvasStage } from '../canvas/CanvasStage';
import { STICKER_DRAG_TYPE } from '../../../engine/resources/stickers';
import { stickerIdFromDrag } from './actions/addContent';
import type { ContentActions } from './actions/useContentActions';

const accepts = (event: DragEvent) => {
  const types = event.dataTransfer.types;
  return types.includes('Files') || types.includes(STICKER_DRAG_TYPE);
};

export function CanvasArea({ actions }: { actions: ContentActions }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);

  const pointOf = (event: DragEvent) => {
    const rect = box.current?.getBoundingClientRect();
    return rect ? { x: event.clientX - rect.left, y: event.clientY - rect.top } : undefined;
  };
  const { over, handlers } = useDropTarget(accepts, (event) => {
    const point = pointOf(event);
    const stickerId = stickerIdFromDrag(event.dataTransfer.getData(STICKER_DRAG_TYPE));
    if (stickerId) void actions.addSticker(stickerId, point);
    else void actions.addImages(Array.from(event.dataTransfer.files), point);
  });

  return (
    <div ref={box} className={`ed-canvas${over ? ' is-over' : ''}`} data-testid="canvas.area" {...handlers}>
      <CanvasStage />
      {over && (
        <div className="ed-canvas__drop" aria-hidden="true">
          {t('editor.image.dropHere')}
        </div>
      )}
    </div>
  );
}
