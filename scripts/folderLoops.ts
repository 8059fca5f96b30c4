/**
 * Loops between folders: folder A imports from folder B and B, directly or through others, from A. The
 * file-level rule of .dependency-cruiser.cjs (no-circular) does not see them, yet they tie two folders
 * into one unit that can only be understood, tested and moved together. A folder here is what
 * `npm run graph:layers` draws: `engine/doc`, `src/editor`, `server/src/tasks`…, and each file that sits
 * directly in a top folder (`engine/Editor.ts`) on its own. Tests, test kits (`*.testkit.ts`, `server/src/testing/`)
 * and benches do not count.
 *
 * Used by scripts/folderLoops.test.ts; `npx tsx scripts/folderLoops.ts [folders…]` lists the loops with
 * one import behind each folder edge (default: engine machines src server shaders).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const TOP = /^(engine|machines|src|server\/src|shaders)\/[^/]+/;
const TEST = /(\.test\.tsx?$|\.testkit\.ts$|^tests\/|^bench\/|^server\/src\/testing\/)/;

/** The dependency-cruiser JSON this reads: each module and what it imports. */
export interface CruisedModule {
  source: string;
  dependencies: Array<{ resolved: string; coreModule?: boolean; couldNotResolve?: boolean }>;
}

/** The folder a file belongs to, as `npm run graph:layers` collapses it; null outside the layers. */
export function folderOf(file: string): string | null {
  return TOP.exec(file)?.[0] ?? null;
}

/** One folder edge on a loop, with an import that makes it. */
export interface LoopEdge {
  from: string;
  to: string;
  example: string;
}

/** Each loop (strongly connected group of folders, two or more) with the edges between its folders, sorted. */
export function folderLoops(modules: readonly CruisedModule[]): Array<{ folders: string[]; edges: LoopEdge[] }> {
  const edges = new Map<string, Map<string, string>>();
  for (const module of modules) {
    const from = folderOf(module.source);
    if (!from || TEST.test(module.source)) continue;
    for (const dependency of module.dependencies) {
      const to = folderOf(dependency.resolved);
      if (!to || to === from || TEST.test(dependency.resolved)) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      const out = edges.get(from)!;
      if (!out.has(to)) out.set(to, `${module.source} → ${dependency.resolved}`);
    }
  }
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((out) => [...out.keys()])]);
  for (const node of [...nodes].sort()) if (!index.has(node)) visit(node);
  return groups
    .map((folders) => ({
      folders,
      edges: folders.flatMap((from) =>
        [...(edges.get(from) ?? new Map<string, string>())].filter(([to]) => folders.includes(to)).map(([to, example]) => ({ from, to, example })),
      ),
    }))
    .sort((a, b) => a.folders[0].localeCompare(b.folders[0]));
}

/** Runs dependency-cruiser (the project's config) over `folders` of `root` and returns its modules. */
export function cruise(root: string, folders: readonly string[]): CruisedModule[] {
  const bin = path.join(root, 'node_modules', '.bin', 'depcruise');
  const run = spawnSync(bin, [...folders, '-c', '.dependency-cruiser.cjs', '--output-type', 'json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  if (!run.stdout) throw new Error(`depcruise gave no output: ${run.stderr || run.error?.message}`);
  return (JSON.parse(run.stdout) as { modules: CruisedModule[] }).modules;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const folders = process.argv.slice(2);
  const loops = folderLoops(cruise(root, folders.length ? folders : ['engine', 'machines', 'src', 'server', 'shaders']));
  if (loops.length === 0) console.log('no loops between folders');
  for (const loop of loops) {
    console.log(`loop: ${loop.folders.join(', ')}`);
    for (const edge of loop.edges) console.log(`  ${edge.from} → ${edge.to}   (${edge.example})`);
  }
}
