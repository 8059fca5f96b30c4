/**
 * Headless, chainable test driver over the engine Editor (tldraw TestEditor style).
 * @example
 *   const t = createTestEditor({ canvasW: 1000, canvasH: 800 }).addImage().addText('Hi');
 *   t.exec(moveLayers, { ids: [t.lastId], dx: 5, dy: 0 }).expectLayer(t.lastId).toMatchObject({ rect: { x: 5 } });
 */
import { expect } from 'vitest';
import { Editor, type ExecOptions } from '../../engine/Editor';
import { addLayer } from '../../engine/commands/addLayer';
import type { Command } from '../../engine/commands/defineCommand';
import {
  createImageLayer,
  createProject,
  createStickerLayer,
  createTextLayer,
  type CreateImageLayerOptions,
  type CreateTextLayerOptions,
} from '../../engine/doc/factories';
import type { Layer, Project, ProjectType } from '../../engine/doc/types';

export interface TestEditorOptions {
  canvasW?: number;
  canvasH?: number;
  type?: ProjectType;
  background?: string;
}

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

export class TestEditor {
  readonly editor: Editor;
  /** Id of the layer added last (addImage / addText / addSticker / addLayer). */
  lastId = '';
  /** What the last `exec` returned. */
  lastResult: unknown;

  constructor(options: TestEditorOptions = {}) {
    this.editor = new Editor(
      createProject({
        type: options.type ?? 'project',
        canvasW: options.canvasW ?? 1000,
        canvasH: options.canvasH ?? 800,
        background: options.background,
      }),
    );
  }

  get project(): Project {
    return this.editor.getProject();
  }

  get canvasW(): number {
    return this.project.canvasW;
  }

  get canvasH(): number {
    return this.project.canvasH;
  }

  /** Layer ids bottom to top. */
  get layerIds(): string[] {
    return this.project.layers.map((layer) => layer.layerId);
  }

  layer(layerId: string): Layer {
    const layer = this.editor.getLayer(layerId);
    if (!layer) throw new Error(`no layer ${layerId}; layers are ${this.layerIds.join(', ')}`);
    return layer;
  }

  /** A deep copy of the document, for before/after comparisons. */
  snapshot(): Project {
    return structuredClone(this.project);
  }

  /** Adds a layer through the addLayer command (one undo step). */
  addLayer(layer: Layer, at?: number): this {
    this.lastId = this.editor.exec(addLayer, { layer, at }) ?? '';
    return this;
  }

  addImage(options: Partial<CreateImageLayerOptions> = {}): this {
    return this.addLayer(
      createImageLayer({
        uri: 'asset:0000',
        name: 'photo.png',
        naturalW: 400,
        naturalH: 300,
        canvasW: this.canvasW,
        canvasH: this.canvasH,
        ...options,
      }),
    );
  }

  addText(text = 'Hello', options: Partial<CreateTextLayerOptions> = {}): this {
    return this.addLayer(createTextLayer({ text, canvasW: this.canvasW, canvasH: this.canvasH, ...options }));
  }

  addSticker(resNeedPro = false): this {
    return this.addLayer(
      createStickerLayer({
        resId: 'twemoji-2728',
        uri: '/stickers/2728.svg',
        naturalW: 64,
        naturalH: 64,
        canvasW: this.canvasW,
        canvasH: this.canvasH,
        resNeedPro,
      }),
    );
  }

  select(...ids: string[]): this {
    this.editor.select(ids);
    return this;
  }

  exec<Args, Result>(command: Command<Args, Result>, args: Args, options?: ExecOptions): this {
    this.lastResult = this.editor.exec(command, args, options);
    return this;
  }

  mark(label = ''): string {
    return this.editor.mark(label);
  }

  undo(times = 1): this {
    for (let i = 0; i < times; i++) this.editor.undo();
    return this;
  }

  redo(times = 1): this {
    for (let i = 0; i < times; i++) this.editor.redo();
    return this;
  }

  /** Chainable assertion on one layer: `.expectLayer(id).toMatchObject({ opacity: 50 })`. */
  expectLayer(layerId: string): { toMatchObject(expected: DeepPartial<Layer>): TestEditor; toBeMissing(): TestEditor } {
    return {
      toMatchObject: (expected) => {
        expect(this.layer(layerId)).toMatchObject(expected as Record<string, unknown>);
        return this;
      },
      toBeMissing: () => {
        expect(this.editor.getLayer(layerId)).toBeUndefined();
        return this;
      },
    };
  }

  /** Asserts the z-order (bottom to top). */
  expectOrder(ids: string[]): this {
    expect(this.layerIds).toEqual(ids);
    return this;
  }
}

/** A TestEditor on a new project (default 1000 × 800) with only the background layer. */
export function createTestEditor(options: TestEditorOptions = {}): TestEditor {
  return new TestEditor(options);
}
