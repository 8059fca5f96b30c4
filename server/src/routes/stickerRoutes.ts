import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../engine/spec/errors';
import { stickerByFile } from '../../../engine/resources/stickers';
import { fail } from '../envelope';

/** Where @twemoji/svg keeps its files; resolved once, through Node's own package lookup. */
const TWEMOJI_DIR = path.dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));

/** Sticker file names are not content hashes, so cache long but not "immutable" (a package update may redraw one). */
const CACHE_CONTROL = 'public, max-age=2592000';

/**
 * Twemoji SVGs carry only a viewBox; Firefox refuses to draw such an image onto a canvas, and Konva wants a
 * natural size, so give the root element a width and height.
 */
export function withIntrinsicSize(svg: string, size = 256): string {
  return svg.replace(/<svg\b([^>]*)>/, (whole, attrs: string) => (/\swidth=/.test(attrs) ? whole : `<svg width="${size}" height="${size}"${attrs}>`));
}

/**
 * `GET /stickers/<file>`: the SVG of a sticker in the catalogue (engine/resources/stickers.ts). Anything not in
 * the catalogue is a 404, which also rules out path traversal: the name is looked up, never joined blindly.
 */
export function registerStickerRoutes(app: FastifyInstance, deps: { dir?: string } = {}): void {
  const dir = deps.dir ?? TWEMOJI_DIR;
  const cache = new Map<string, Buffer>();
  app.get<{ Params: { file: string } }>('/stickers/:file', async (request, reply) => {
    const sticker = stickerByFile(request.params.file);
    if (!sticker) return reply.code(404).send(fail(ResultCode.PARAMS_INVALID, 'sticker not found'));
    let body = cache.get(sticker.file);
    if (!body) {
      body = Buffer.from(withIntrinsicSize(await readFile(path.join(dir, sticker.file), 'utf8')));
      cache.set(sticker.file, body);
    }
    return (
      reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        // An SVG opened on its own could run script; these are plain drawings, so allow nothing but inline style.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(body)
    );
  });
}
