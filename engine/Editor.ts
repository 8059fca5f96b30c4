/**
 * The Editor façade: the open document, the selection, the undo history and the asset store.
 * It is the only writer of the document: commands call its write methods, views subscribe.
 * No React, Konva or DOM here (engine/ rule), so the whole editor runs headless in tests.
 */
import { AssetStore, collectAssetIds } from './assets/AssetStore';
import { BACKGROUND_LAYER_ID } from './spec/kinds';
import type { Layer, Project } from './doc/types';
import { type CaptureMode, History } from './history/History';
import { applyDiff, diffProjects, isEmptyDiff } from './history/diff';
import { samePlainData } from './history/samePlainData';

/** What views read; a new object after every change (for useSyncExternalStore). */
export interface EditorSnapshot {
  project: Project;
  selectedIds: readonly string[];
  canUndo: boolean;
  canRedo: boolean;
  /** Increments on every document change (not on selection changes). */
  docVersion: number;
}

export type LayerPatch = Partial<Omit<Layer, 'layerId'>> & { layerId: string };

/**
 * What {@link Editor.exec} runs: a named function that writes through the Editor (Excalidraw-style
 * metadata). Commands never hand-write undo: the history records what they changed. Declared here, beside
 * the Editor that runs them, so engine/commands depends on the Editor and never the other way round;
 * commands are written with defineCommand (engine/commands/defineCommand.ts).
 */
export interface Command<Args, Result = void> {
  /** Dotted name, e.g. 'layer.move'; also the undo step's label. */
  name: string;
  /** i18n key of the menu/tooltip label (locales/sections/commands; checked in every language by commandCatalogue.test.ts). */
  label: string;
  /**
   * Keyboard shortcuts in `Mod+Shift+Z` form, if any: the canvas keyboard table, the shortcut sheet
   * and the menus' tooltips read them from here (src/editor/canvas/shortcuts.ts).
   */
  shortcuts?: readonly string[];
  isEnabled?(editor: Editor, args: Args): boolean;
  run(editor: Editor, args: Args): Result;
}

export interface ExecOptions {
  /** false: append to the open step instead of starting a new one (continuous gestures). Default true. */
  mark?: boolean;
}

export interface EditorOptions {
  /** The asset store (tests pass one with their own clock). */
  assets?: AssetStore;
}

export class Editor {
  readonly assets: AssetStore;
  private readonly history = new History();
  /** history.droppedCount() when assets were last collected. */
  private collectedAtDrop = 0;
  private project: Project;
  private selectedIds: readonly string[] = [];
  private listeners = new Set<() => void>();
  private snapshot: EditorSnapshot;
  private docVersion = 0;
  private batchDepth = 0;

  constructor(project: Project, options: EditorOptions = {}) {
    this.assets = options.assets ?? new AssetStore();
    this.project = normaliseIndices(project);
    this.snapshot = this.makeSnapshot();
  }

  /** The current document (immutable; never mutate it). */
  getProject(): Project {
    return this.project;
  }

  getLayer(layerId: string): Layer | undefined {
    return this.project.layers.find((layer) => layer.layerId === layerId);
  }

  /** Layers bottom to top, background first. */
  getLayers(): readonly Layer[] {
    return this.project.layers;
  }

  getSelectedIds(): readonly string[] {
    return this.selectedIds;
  }

  getSelectedLayers(): Layer[] {
    return this.selectedIds.map((id) => this.getLayer(id)).filter((layer): layer is Layer => !!layer);
  }

  getSnapshot = (): EditorSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Replaces the document (open or import); the history starts empty. */
  loadProject(project: Project): void {
    this.history.clear();
    this.project = normaliseIndices(project);
    this.selectedIds = [];
    this.collectAssetsIfStepsDropped();
    this.changed(true);
  }

  /**
   * Frees the stored pictures that neither the document nor any undo or redo step refers to any more
   * (AI results replaced long ago, photos of deleted layers whose steps fell off the history), except
   * those stored within the last minute (AssetStore.retainOnly). Runs by itself whenever history steps
   * are thrown away; returns the ids it freed.
   */
  collectUnusedAssets(): string[] {
    this.collectedAtDrop = this.history.droppedCount();
    const referenced = collectAssetIds(this.project, new Set());
    this.history.forEachDiff((diff) => collectAssetIds(diff, referenced));
    return this.assets.retainOnly(referenced).map((asset) => asset.id);
  }

  private collectAssetsIfStepsDropped(): void {
    if (this.history.droppedCount() !== this.collectedAtDrop) this.collectUnusedAssets();
  }

  /**
   * Runs a command as one undo step (unless `mark: false` appends it to the open step).
   * @example editor.exec(moveLayers, { ids: ['a'], dx: 10, dy: 0 })
   */
  exec<Args, Result>(command: Command<Args, Result>, args: Args, options: ExecOptions = {}): Result | undefined {
    if (command.isEnabled && !command.isEnabled(this, args)) return undefined;
    const before = this.project;
    const markId = options.mark !== false && this.batchDepth === 0 ? this.history.mark(command.name) : null;
    try {
      return command.run(this, args);
    } catch (error) {
      // A command that fails halfway leaves no partial change behind.
      if (markId) this.bailToMark(markId);
      else this.setProject(before, 'record');
      throw error;
    }
  }

  /** Starts an undo step named `label` (a gesture); returns the mark for `bailToMark`. */
  mark(label = ''): string {
    const markId = this.history.mark(label);
    // Closing the open step can push the oldest one off the history.
    this.collectAssetsIfStepsDropped();
    return markId;
  }

  /** Reverts everything recorded since `markId` (Escape during a gesture). */
  bailToMark(markId: string): void {
    const inverse = this.history.bailToMark(markId);
    if (inverse) this.setProject(applyDiff(this.project, inverse), 'ignore');
  }

  /** Runs `fn` as one undo step; if it throws, its changes are rolled back and the error rethrown. */
  batch<T>(label: string, fn: () => T): T {
    const before = this.project;
    const markId = this.batchDepth === 0 ? this.history.mark(label) : null;
    this.batchDepth++;
    try {
      return fn();
    } catch (error) {
      if (markId) this.bailToMark(markId);
      else this.setProject(before, 'record');
      throw error;
    } finally {
      this.batchDepth--;
    }
  }

  undo(): void {
    const diff = this.history.undo();
    if (diff) this.setProject(applyDiff(this.project, diff), 'ignore');
  }

  redo(): void {
    const diff = this.history.redo();
    if (diff) this.setProject(applyDiff(this.project, diff), 'ignore');
  }

  undoLabels(): string[] {
    return this.history.undoLabels();
  }

  /** Selection is not document state: it never clears redo and is not undone. Unknown ids are dropped. */
  select(ids: readonly string[]): void {
    const known = ids.filter((id) => this.getLayer(id));
    if (sameIds(known, this.selectedIds)) return;
    this.selectedIds = known;
    this.changed(false);
  }

  // ---- write methods used by commands ----

  /** Applies a pure update of the whole document. */
  update(fn: (project: Project) => Project, mode: CaptureMode = 'record'): void {
    this.setProject(fn(this.project), mode);
  }

  /** Patches layers by id; unknown ids are ignored. */
  updateLayers(patches: readonly LayerPatch[], mode: CaptureMode = 'record'): void {
    const byId = new Map(patches.map((patch) => [patch.layerId, patch]));
    this.update(
      (project) => ({
        ...project,
        layers: project.layers.map((layer) => {
          const patch = byId.get(layer.layerId);
          // A patch that changes nothing keeps the same layer object, so it records no undo step.
          return patch && changesLayer(layer, patch) ? { ...layer, ...patch, layerId: layer.layerId } : layer;
        }),
      }),
      mode,
    );
  }

  /** Inserts layers at z-position `at` (default: top); their `index` is renumbered. */
  addLayers(layers: readonly Layer[], at?: number, mode: CaptureMode = 'record'): void {
    this.update((project) => {
      const list = [...project.layers];
      const position = Math.max(1, Math.min(at ?? list.length, list.length));
      list.splice(position, 0, ...layers);
      return { ...project, layers: list };
    }, mode);
  }

  /** Removes layers by id; the background layer is never removed. */
  removeLayers(ids: readonly string[], mode: CaptureMode = 'record'): void {
    const remove = new Set(ids.filter((id) => id !== BACKGROUND_LAYER_ID));
    this.update((project) => ({ ...project, layers: project.layers.filter((layer) => !remove.has(layer.layerId)) }), mode);
  }

  /** Replaces the z-order with `orderedIds` (bottom to top, all ids). */
  reorderLayers(orderedIds: readonly string[], mode: CaptureMode = 'record'): void {
    this.update((project) => {
      const byId = new Map(project.layers.map((layer) => [layer.layerId, layer]));
      const ordered = orderedIds.map((id) => byId.get(id)).filter((layer): layer is Layer => !!layer);
      if (ordered.length !== project.layers.length) throw new Error('reorderLayers needs every layer id exactly once');
      return { ...project, layers: ordered };
    }, mode);
  }

  private setProject(next: Project, mode: CaptureMode): void {
    const normalised = normaliseIndices(next);
    if (normalised === this.project) return;
    const diff = diffProjects(this.project, normalised);
    // Nothing changed (a no-op write): keep the snapshot, so views do not re-render.
    if (isEmptyDiff(diff)) return;
    this.history.record(diff, mode);
    this.project = normalised;
    // Drop selected ids whose layers are gone (after undo of an add, say).
    const kept = this.selectedIds.filter((id) => normalised.layers.some((layer) => layer.layerId === id));
    // Keep the same array when nothing was dropped, so selection-only views skip re-rendering.
    if (kept.length !== this.selectedIds.length) this.selectedIds = kept;
    this.collectAssetsIfStepsDropped();
    this.changed(true);
  }

  private changed(docChanged: boolean): void {
    if (docChanged) this.docVersion++;
    this.snapshot = this.makeSnapshot();
    for (const listener of [...this.listeners]) listener();
  }

  private makeSnapshot(): EditorSnapshot {
    return {
      project: this.project,
      selectedIds: this.selectedIds,
      canUndo: this.history.canUndo(),
      canRedo: this.history.canRedo(),
      docVersion: this.docVersion,
    };
  }
}

/** Keeps the background layer first and `index` equal to the array position (0 = bottom). */
function normaliseIndices(project: Project): Project {
  const layers = [...project.layers];
  const bg = layers.findIndex((layer) => layer.layerId === BACKGROUND_LAYER_ID);
  if (bg > 0) layers.unshift(...layers.splice(bg, 1));
  let changed = bg > 0;
  const renumbered = layers.map((layer, position) => {
    if (layer.index === position) return layer;
    changed = true;
    return { ...layer, index: position };
  });
  return changed ? { ...project, layers: renumbered } : project;
}

/** Whether applying `patch` would change any field of `layer` (compared by value). */
function changesLayer(layer: Layer, patch: LayerPatch): boolean {
  for (const key of Object.keys(patch) as (keyof Layer)[]) {
    if (key !== 'layerId' && !samePlainData(layer[key], patch[key])) return true;
  }
  return false;
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
