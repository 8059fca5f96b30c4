/**
 * The live canvas of the layered editor: the document's layers (shared with export), and an
 * overlay with the selection Transformer, snap guides and marquee. The view (zoom/pan) lives in
 * viewStore, never in the document. Fills its parent.
 */
import type Konva from 'konva';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Group, Layer, Stage } from 'react-konva';
import { withoutLayerEffects } from '../../../engine/effects/withoutEffects';
import { useEditor, useEditorSelector } from '../EditorContext';
import { exposeTestHandle } from '../testing/exposeTestHandle';
import { CanvasAnnouncer } from './CanvasAnnouncer';
import { editingTextStore } from './canvasStores';
import { Checkerboard } from './Checkerboard';
import { CropOverlay } from './crop/CropOverlay';
import { cropStore } from './crop/cropStore';
import { MaskBrushOverlay } from './mask/MaskBrushOverlay';
import { maskStore } from './mask/maskStore';
import { useCompare } from './compareStore';
import { CanvasEffectsOverlay } from '../scene/effectNodes/CanvasEffectsOverlay';
import { createWorkTracker } from '../scene/effectNodes/workTracker';
import { DocumentLayers } from '../scene/nodes/DocumentLayers';
import { layersDrawer } from '../scene/offscreen/drawLayers';
import { livePreviewStore } from '../scene/liveView';
import { type Scene, SceneContext } from '../scene/sceneContext';
import { MarqueeBox, SnapGuides } from './OverlayShapes';
import { SelectionTransformer } from './SelectionTransformer';
import { TextEditorOverlay } from './TextEditorOverlay';
import { useCanvasGestures } from './useCanvasGestures';
import { useCanvasKeyboard } from './useCanvasKeyboard';
import { useElementSize } from './useElementSize';
import { setViewport, useView } from './viewStore';
import './canvasStage.css';

/** The document's layers (and the canvas-wide effects over them); reads them itself, so a
 * document change re-renders this and the changed layers' nodes only, not the stage around them. */
function LiveDocumentLayers() {
  const layers = useEditorSelector((s) => s.project.layers);
  const adjustParams = useEditorSelector((s) => s.project.adjustParams);
  const filterParams = useEditorSelector((s) => s.project.filterParams);
  // Hold-to-compare draws the original: every layer without its effects, no canvas-wide effects.
  const comparing = useCompare();
  const shown = useMemo(() => (comparing ? layers.map(withoutLayerEffects) : layers), [comparing, layers]);
  return (
    <>
      <DocumentLayers layers={shown} />
      <CanvasEffectsOverlay layers={layers} adjustParams={adjustParams} filterParams={filterParams} hidden={comparing} />
    </>
  );
}

export function CanvasStage() {
  const editor = useEditor();
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const stage = useRef<Konva.Stage>(null);
  const content = useRef<Konva.Layer>(null);
  const transformer = useRef<Konva.Transformer>(null);
  const gestures = useCanvasGestures(
    editor,
    useMemo(() => ({ container, stage, content, transformer }), []),
  );
  // The live stage waits for nothing; its tracker tells tests when effect renders are on screen.
  const work = useMemo(createWorkTracker, []);
  const size = useElementSize(container);
  const canvasW = useEditorSelector((s) => s.project.canvasW);
  const canvasH = useEditorSelector((s) => s.project.canvasH);
  const view = useView((v) => v);
  const editingId = editingTextStore.use((id) => id);
  const cropping = cropStore.use((session) => !!session);
  const masking = maskStore.use((session) => !!session);
  const ready = size.width > 0 && size.height > 0;

  useLayoutEffect(() => {
    if (ready) setViewport(size, { width: canvasW, height: canvasH });
  }, [ready, size, canvasW, canvasH]);

  useEffect(() => () => editingTextStore.set(null), []);

  useCanvasKeyboard(editor, container, { editText: gestures.editText });

  // The one selected layer previews its effects live at its size on screen (scene/livePreview).
  const liveLayerId = useEditorSelector((s) => (s.selectedIds.length === 1 ? s.selectedIds[0] : null));
  const liveScale = view.scale * (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1);
  useEffect(() => {
    livePreviewStore.set(liveLayerId ? { layerId: liveLayerId, scale: liveScale } : null);
  }, [liveLayerId, liveScale]);
  useEffect(() => () => livePreviewStore.set(null), []);

  useEffect(() => {
    if (!ready || !stage.current) return undefined;
    stage.current.setAttr('effectWork', work);
    return exposeTestHandle(editor, stage.current);
  }, [editor, ready, work]);

  const scene = useMemo<Scene>(
    () => ({
      assets: editor.assets,
      canvasW,
      canvasH,
      interactive: true,
      pixelRatio: typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1,
      preview: true,
      work,
      drawLayers: layersDrawer(canvasW, canvasH, editor.assets, true),
    }),
    [editor, canvasW, canvasH, work],
  );

  return (
    <div ref={container} className="canvas-stage" role="application" aria-label={t('canvas.label')} tabIndex={0} data-testid="canvas-stage">
      {ready && (
        <Stage
          ref={stage}
          width={size.width}
          height={size.height}
          scaleX={view.scale}
          scaleY={view.scale}
          x={view.x}
          y={view.y}
          onPointerDown={gestures.stage.onPointerDown}
          onPointerMove={gestures.stage.onPointerMove}
          onPointerUp={gestures.stage.onPointerUp}
          onPointerCancel={gestures.stage.onPointerCancel}
          onClick={gestures.stage.onClick}
          onTap={gestures.stage.onClick}
          onDblClick={gestures.stage.onDblClick}
          onDblTap={gestures.stage.onDblClick}
        >
          <Layer ref={content} name="content" onDragStart={gestures.drag.onDragStart} onDragMove={gestures.drag.onDragMove} onDragEnd={gestures.drag.onDragEnd}>
            <SceneContext.Provider value={scene}>
              <Group name="document" clipX={0} clipY={0} clipWidth={canvasW} clipHeight={canvasH}>
                <Checkerboard width={canvasW} height={canvasH} />
                <LiveDocumentLayers />
              </Group>
            </SceneContext.Provider>
          </Layer>
          <Layer name="overlay">
            <SnapGuides />
            <MarqueeBox />
            {cropping ? (
              <CropOverlay editor={editor} />
            ) : masking ? (
              <MaskBrushOverlay editor={editor} />
            ) : (
              <SelectionTransformer content={content} transformer={transformer} {...gestures.transform} />
            )}
          </Layer>
        </Stage>
      )}
      {editingId && <TextEditorOverlay key={editingId} editor={editor} layerId={editingId} />}
      <CanvasAnnouncer />
    </div>
  );
}
