/**
 * The document drawn by the very node components of the live stage, into a Konva stage that is
 * never attached to the page: no selection, no guides, nothing listening. The stage is exactly
 * width × height pixels and scaled from the canvas size, so a 1080 canvas exports at 2160 with
 * crisp text and full-resolution images. Ready once every asynchronous effect (adjust/filter
 * renders, backdrop blends) has drawn: the scene's work tracker is idle.
 */
import type Konva from 'konva';
import { useEffect, useMemo, useRef } from 'react';
import { Group, Layer, Stage } from 'react-konva';
import type { AssetStore } from '../../../../engine/assets/AssetStore';
import type { Layer as DocLayer } from '../../../../engine/doc/types';
import { type WorkTracker, createWorkTracker } from '../effectNodes/workTracker';
import { DocumentLayers } from '../nodes/DocumentLayers';
import { type DrawLayers, type Scene, SceneContext } from '../sceneContext';

interface Props {
  layers: readonly DocLayer[];
  canvasW: number;
  canvasH: number;
  assets: AssetStore | null;
  width: number;
  height: number;
  /** Drawn for the live view (a backdrop, the canvas-wide effects): effects at preview size. */
  preview?: boolean;
  /** How layers inside draw a backdrop (drawLayers.ts passes itself, bound to this document). */
  drawLayers: DrawLayers;
  onReady(stage: Konva.Stage): void;
}

/** Calls onReady once the Konva tree is committed (its effects run after its siblings mounted)
 * and the scene's effect work is done. */
function ReadySignal({ onReady, work }: { onReady(stage: Konva.Stage): void; work: WorkTracker }) {
  const ref = useRef<Konva.Group>(null);
  useEffect(() => {
    const stage = ref.current?.getStage();
    if (!stage) return;
    let alive = true;
    void work.whenIdle().then(() => alive && onReady(stage));
    return () => {
      alive = false;
    };
  }, [onReady, work]);
  return <Group ref={ref} />;
}

export function OffscreenDocument({ layers, canvasW, canvasH, assets, width, height, preview = false, drawLayers, onReady }: Props) {
  const scene = useMemo<Scene>(
    () => ({ assets, canvasW, canvasH, interactive: false, pixelRatio: width / Math.max(1, canvasW), preview, work: createWorkTracker(), drawLayers }),
    [assets, canvasW, canvasH, width, preview, drawLayers],
  );
  return (
    <Stage width={width} height={height} scaleX={width / Math.max(1, canvasW)} scaleY={height / Math.max(1, canvasH)} listening={false}>
      <Layer listening={false}>
        <SceneContext.Provider value={scene}>
          <DocumentLayers layers={layers} />
          <ReadySignal onReady={onReady} work={scene.work!} />
        </SceneContext.Provider>
      </Layer>
    </Stage>
  );
}
