/**
 * The document drawn by the very node components of the live stage, into a Konva stage that is
 * never attached to the page: no selection, no guides, nothing listening. The stage is exactly
 * width × height pixels and scaled from the canvas size, so a 1080 canvas exports at 2160 with
 * crisp text and full-resolution images.
 */
import type Konva from 'konva';
import { useEffect, useMemo, useRef } from 'react';
import { Group, Layer, Stage } from 'react-konva';
import type { AssetStore } from '../../../engine/assets/AssetStore';
import type { Project } from '../../../engine/doc/types';
import { DocumentLayers } from '../canvas/nodes/DocumentLayers';
import { type Scene, SceneContext } from '../canvas/nodes/sceneContext';

interface Props {
  project: Project;
  assets: AssetStore | null;
  width: number;
  height: number;
  onReady(stage: Konva.Stage): void;
}

/** Calls onReady once the Konva tree is committed (its effects run after its siblings mounted). */
function ReadySignal({ onReady }: { onReady(stage: Konva.Stage): void }) {
  const ref = useRef<Konva.Group>(null);
  useEffect(() => {
    const stage = ref.current?.getStage();
    if (stage) onReady(stage);
  }, [onReady]);
  return <Group ref={ref} />;
}

export function OffscreenDocument({ project, assets, width, height, onReady }: Props) {
  const scene = useMemo<Scene>(
    () => ({ assets, canvasW: project.canvasW, canvasH: project.canvasH, interactive: false, pixelRatio: width / Math.max(1, project.canvasW) }),
    [assets, project.canvasW, project.canvasH, width],
  );
  return (
    <Stage width={width} height={height} scaleX={width / Math.max(1, project.canvasW)} scaleY={height / Math.max(1, project.canvasH)} listening={false}>
      <Layer listening={false}>
        <SceneContext.Provider value={scene}>
          <DocumentLayers layers={project.layers} />
          <ReadySignal onReady={onReady} />
        </SceneContext.Provider>
      </Layer>
    </Stage>
  );
}
