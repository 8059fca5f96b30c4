/**
 * Finds HTTP calls (`fetch(`) in the client outside src/api, which is the one place the app talks to the
 * network (src/api/http.ts). Used by scripts/httpCalls.test.ts; run `npx tsx scripts/httpCalls.ts` to list them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder, isSource } from './sourceFiles';

/**
 * Files allowed a `fetch(` outside src/api, each for a stated reason. Static files of the app itself, not
 * API calls: shaders and the grain texture (SPEC §7 static GETs, read by the effects renderer, which must not
 * depend on the app's API layer) and the font files behind an injectable environment.
 */
export const ALLOWED: Readonly<Record<string, string>> = {
  'src/editor/render/renderers/shaderSource.ts': 'static shader files (/raw/gl), part of the renderer',
  'src/editor/render/renderers/grainSource.ts': 'the static grain texture (/img/texture), part of the renderer',
  'src/fonts/fontEnv.ts': 'static font files behind the injectable font environment',
};

const CALL = /(^|[^.\w])fetch\(/;

/** `file:line` of every `fetch(` in `<root>/src` outside src/api and {@link ALLOWED}. */
export function httpCallsOutsideApi(root: string): string[] {
  const found: string[] = [];
  for (const file of filesUnder(path.join(root, 'src'), isSource)) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (rel.startsWith('src/api/') || rel in ALLOWED) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (CALL.test(line) && !line.trimStart().startsWith('*') && !line.trimStart().startsWith('//')) found.push(`${rel}:${i + 1}`);
      });
  }
  return found;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const found = httpCallsOutsideApi(path.resolve(path.dirname(new URL(import.meta.url).pathname), '..'));
  for (const line of found) console.log(line);
  process.exitCode = found.length > 0 ? 1 : 0;
}
