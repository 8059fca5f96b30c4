// Compiles the server to plain JavaScript in build/server (esbuild), so `npm start` and `npm run worker` run
// it with plain Node: no TypeScript loader in the server and in each heavy-work thread, which each kept their
// own transformed module graph and source maps (server/README.md, "The compiled server", has the figures).
//
// Layout: build/server/<path under server/src>.js for every entry (the server, the worker, the heavy-work
// thread and each module a thread runs by URL), shared code in build/server/chunks. `import.meta.url` in
// bundled source is replaced by the URL of the *source* file, so files read beside the source (word lists,
// blog posts, the .mjs workers, createRequire lookups) are found where they are in the checkout; a module a
// thread runs by URL is mapped to its compiled entry by server/src/heavy/threadModules.ts, which also lists
// them (the one list this build and that mapping share).
//
// Usage: node scripts/build-server.mjs [--if-stale]   (--if-stale: only when a source is newer than the build)
import { build } from 'esbuild';
import { existsSync, readFileSync, statSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'build', 'server');
const stamp = path.join(outdir, '.built');
const SOURCE_DIRS = ['server/src', 'engine', 'shaders'];

/** The entries: read from threadModules.ts so the list has one home. */
function entries() {
  const list = readFileSync(path.join(root, 'server/src/heavy/threadModules.ts'), 'utf8');
  const block = list.slice(list.indexOf('THREAD_MODULES'), list.indexOf('] as const'));
  const modules = [...block.matchAll(/'([^']+\.ts)'/g)].map((m) => m[1]);
  return ['main.ts', 'workerMain.ts', 'heavy/heavyThread.ts', ...modules].map((file) => path.join(root, 'server/src', file));
}

/** @param {string} dir @param {number} [newest] @returns {number} */
function newestSource(dir, newest = 0) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = newestSource(full, newest);
    else if (/\.(ts|mjs|js|json)$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

function isStale() {
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return SOURCE_DIRS.some((dir) => newestSource(path.join(root, dir)) > built) || statSync(path.join(root, 'package-lock.json')).mtimeMs > built;
}

/** Replaces `import.meta.url` in our own sources by the source file's URL, relative to the checkout at run time. */
/** @type {import('esbuild').Plugin} */
const sourceUrls = {
  name: 'source-urls',
  setup(b) {
    b.onLoad({ filter: /\.(ts|mjs|js)$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const rel = path.relative(root, args.path).split(path.sep).join('/');
      const loader = args.path.endsWith('.ts') ? 'ts' : 'js';
      return { contents: text.replaceAll('import.meta.url', `(__lumacutRoot + ${JSON.stringify(rel)})`), loader };
    });
  },
};

if (process.argv.includes('--if-stale') && !isStale()) process.exit(0);
const startedAt = Date.now();
await build({
  absWorkingDir: root,
  entryPoints: entries(),
  outbase: path.join(root, 'server/src'),
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: false,
  logLevel: 'warning',
  define: { 'process.env.LUMACUT_SERVER_BUILD': '"1"' },
  // Every output file (entries and chunks) finds the checkout from its own place: build/server/… is two levels in.
  banner: { js: "const __lumacutRoot = new URL('.', import.meta.url).href.replace(/\\/build\\/server\\/.*$/, '/');" },
  plugins: [sourceUrls],
});
writeFileSync(stamp, new Date().toISOString() + '\n');
console.log(`build-server: build/server in ${Date.now() - startedAt} ms`);
