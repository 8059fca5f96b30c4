/**
 * The modules a heavy-work thread runs by URL (`runOnThread`), and where they are when the server runs compiled.
 * Under tsx or vitest a thread imports the TypeScript source; the compiled server (scripts/build-server.mjs,
 * which reads this list for its entries) has each of them as build/server/<path>.js, and its heavy-work thread
 * as build/server/heavy/heavyThread.js. A module run by URL that is missing here fails its test
 * (threadModules.test.ts), not a user's request.
 */
import { COMPILED_SERVER } from '../config/compiledServer';

export const THREAD_MODULES = [
  'heavy/warmUp.ts',
  'models/subjectMask.ts',
  'models/textDetect/watermarkMask.ts',
  'models/scratchDetect/index.ts',
  'models/inpaintPreview.ts',
  'models/minisam/minisam.ts',
  'idphoto/renderFree.ts',
  'processors/index.ts',
] as const;

const SOURCE_DIR = '/server/src/';
const BUILD_DIR = '/build/server/';

/** The compiled counterpart of a server source file URL (`…/server/src/a/b.ts` → `…/build/server/a/b.js`). */
export function compiledUrl(sourceUrl: URL): URL {
  const href = sourceUrl.href;
  const at = href.lastIndexOf(SOURCE_DIR);
  if (at < 0 || !href.endsWith('.ts')) throw new Error(`not a server source module: ${href}`);
  return new URL(`${href.slice(0, at)}${BUILD_DIR}${href.slice(at + SOURCE_DIR.length, -3)}.js`);
}

/** The module a thread imports for `moduleUrl`: the source under tsx, its compiled entry in the compiled server. */
export function threadModuleUrl(moduleUrl: URL): URL {
  return COMPILED_SERVER ? compiledUrl(moduleUrl) : moduleUrl;
}

/** The entry of a heavy-work thread: thread.mjs (registers tsx, then loads heavyThread.ts) or the compiled thread. */
export function threadEntryUrl(): URL {
  const source = new URL('./heavyThread.ts', import.meta.url);
  return COMPILED_SERVER ? compiledUrl(source) : new URL('./thread.mjs', import.meta.url);
}
