/**
 * What freeing unused pictures costs an edit once the undo history is full (issue 31): from then on every new
 * step drops the oldest one, and the editor walks the document and every kept diff for `asset:` ids
 * (Editor.collectUnusedAssets). Prints the time per edit with the history below its limit (no walk) and at its
 * limit (a walk per edit), for designs of 10, 50 and 200 photo layers, and the walk alone.
 *
 *   node --import tsx bench/editor/assetCollection.ts
 */
import { moveLayers } from '../../engine/commands';
import { AssetStore, assetUri } from '../../engine/assets/AssetStore';
import { createImageLayer, createProject } from '../../engine/doc/factories';
import { HISTORY_LIMIT } from '../../engine/history/History';
import { Editor } from '../../engine/Editor';

const EDITS = 400;

/** An opened design of `layers` photo layers, each its own picture, with an empty undo history. */
async function design(layers: number): Promise<{ editor: Editor; ids: string[] }> {
  const assets = new AssetStore();
  const project = createProject({ type: 'project', canvasW: 1000, canvasH: 1000 });
  for (let i = 0; i < layers; i++) {
    const id = await assets.put(new Blob([new Uint8Array([i % 256, i >> 8])]));
    project.layers.push(createImageLayer({ uri: assetUri(id), name: `photo-${i}.jpg`, naturalW: 100, naturalH: 100, canvasW: 1000, canvasH: 1000 }));
  }
  const editor = new Editor(project, { assets });
  return { editor, ids: project.layers.slice(1).map((layer) => layer.layerId) };
}

/** Milliseconds per edit (a one-layer move, one undo step each) over `count` edits. */
function perEdit(editor: Editor, ids: string[], count: number): number {
  const start = performance.now();
  for (let i = 0; i < count; i++) editor.exec(moveLayers, { ids: [ids[i % ids.length]], dx: 1, dy: 0 });
  return (performance.now() - start) / count;
}

async function main(): Promise<void> {
  console.log(`history limit ${HISTORY_LIMIT} steps; ${EDITS} edits per figure at the limit, ${HISTORY_LIMIT - 1} below it`);
  console.log('layers | ms/edit, history below its limit | ms/edit, history full (a walk per edit) | one walk alone (ms)');
  for (const layers of [10, 50, 200]) {
    const fresh = await design(layers);
    // Below the limit: fewer edits than the history keeps.
    const below = perEdit(fresh.editor, fresh.ids, HISTORY_LIMIT - 1);
    const full = await design(layers);
    perEdit(full.editor, full.ids, HISTORY_LIMIT); // fill the history
    const atLimit = perEdit(full.editor, full.ids, EDITS);
    const walkStart = performance.now();
    for (let i = 0; i < 50; i++) full.editor.collectUnusedAssets();
    const walk = (performance.now() - walkStart) / 50;
    console.log(`${String(layers).padStart(6)} | ${below.toFixed(3).padStart(8)} | ${atLimit.toFixed(3).padStart(8)} | ${walk.toFixed(3).padStart(8)}`);
  }
}

await main();
