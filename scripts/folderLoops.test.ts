import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CruisedModule, cruise, folderLoops, folderOf } from './folderLoops';

const ROOT = path.resolve(__dirname, '..');

/**
 * The one loop left between engine folders (issue 11): the task table in engine/spec reads the feature
 * folders' parameter parsers (backgrounds, batch, idphoto, products), which use SPEC constants and the
 * document's colour rules (engine/doc → engine/spec). Its folder edges may only go away; a new edge on a
 * loop, or a new loop, fails. Ending it means moving those parsers into engine/spec/tasks.
 */
const KNOWN_ENGINE_LOOP_EDGES = [
  'engine/backgrounds → engine/doc',
  'engine/batch → engine/backgrounds',
  'engine/batch → engine/doc',
  'engine/batch → engine/spec',
  'engine/doc → engine/spec',
  'engine/idphoto → engine/spec',
  'engine/products → engine/doc',
  'engine/products → engine/spec',
  'engine/spec → engine/backgrounds',
  'engine/spec → engine/batch',
  'engine/spec → engine/idphoto',
  'engine/spec → engine/products',
];

const module = (source: string, ...imports: string[]): CruisedModule => ({ source, dependencies: imports.map((resolved) => ({ resolved })) });

describe('loops between folders', () => {
  it('engine, machines and shaders add none to the known one', () => {
    const loops = folderLoops(cruise(ROOT, ['engine', 'machines', 'shaders']));
    const edges = loops.flatMap((loop) => loop.edges.map((edge) => `${edge.from} → ${edge.to}`));
    const added = loops.flatMap((loop) => loop.edges.filter((edge) => !KNOWN_ENGINE_LOOP_EDGES.includes(`${edge.from} → ${edge.to}`)));
    expect(added, 'a new import closes a loop between folders: move the shared piece into the lower folder').toEqual([]);
    // A known edge that is gone: take it off the list, so it cannot come back.
    expect(KNOWN_ENGINE_LOOP_EDGES.filter((edge) => !edges.includes(edge))).toEqual([]);
  });

  for (const top of ['server/src', 'src'] as const) {
    it(`${top} has no loop between its folders (issue 31 item 2: both were one loop, of 28 and 10 folders)`, () => {
      const loops = folderLoops(cruise(ROOT, [top.split('/')[0]])).filter((loop) => loop.folders.some((folder) => folder.startsWith(`${top}/`)));
      expect(
        loops.map((loop) => loop.edges.map((edge) => edge.example)),
        'an import closes a loop: move the shared piece into a lower folder, or let a composition root wire it',
      ).toEqual([]);
    }, 120_000);
  }

  it('finds a loop through several folders, one file per top-folder file, and ignores tests', () => {
    const loops = folderLoops([
      module('engine/Editor.ts', 'engine/doc/types.ts'),
      module('engine/commands/move.ts', 'engine/Editor.ts', 'engine/doc/types.ts'),
      module('engine/doc/types.ts', 'engine/spec/kinds.ts'),
      module('engine/spec/kinds.ts'),
      module('engine/spec/table.ts', 'engine/products/categories.ts'),
      module('engine/products/categories.ts', 'engine/util/zod.ts'),
      module('engine/util/zod.ts', 'engine/spec/kinds.ts'),
      module('engine/doc/types.test.ts', 'engine/commands/move.ts'),
      module('engine/spec/kinds.ts', 'node_modules/zod/index.js'),
    ]);
    expect(loops).toEqual([
      {
        folders: ['engine/products', 'engine/spec', 'engine/util'],
        edges: [
          { from: 'engine/products', to: 'engine/util', example: 'engine/products/categories.ts → engine/util/zod.ts' },
          { from: 'engine/spec', to: 'engine/products', example: 'engine/spec/table.ts → engine/products/categories.ts' },
          { from: 'engine/util', to: 'engine/spec', example: 'engine/util/zod.ts → engine/spec/kinds.ts' },
        ],
      },
    ]);
    expect([folderOf('engine/Editor.ts'), folderOf('server/src/tasks/processors/x.ts'), folderOf('tests/e2e/a.spec.ts')]).toEqual([
      'engine/Editor.ts',
      'server/src/tasks',
      null,
    ]);
  });
});
