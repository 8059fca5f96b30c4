import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../engine/spec/errors';
import { unpackFontManifest, type PackedFontManifest } from '../../../engine/fonts/manifest';
import { PROJECT_ROOT } from '../config';
import { fail } from '../envelope';

const gzipAsync = promisify(gzip);

/** What the routes keep of the manifest: its bytes for the browser and the files it allows. */
interface LoadedManifest {
  body: Buffer;
  gzipped: Buffer;
  etag: string;
  allowed: Map<string, Set<string>>;
}

/**
 * Reads generated/fonts/manifest.json, building it first when it is missing (a fresh checkout
 * where postinstall did not run). Only files the manifest lists are ever served.
 */
async function loadManifest(root: string): Promise<LoadedManifest> {
  const { buildFontManifest, manifestPathFor } = await import('../../../scripts/build-font-manifest.mjs');
  const file = manifestPathFor(root);
  if (!existsSync(file)) buildFontManifest({ root, quiet: true });
  const body = await readFile(file);
  const packed = JSON.parse(body.toString('utf8')) as PackedFontManifest;
  const manifest = unpackFontManifest(packed);
  const allowed = new Map<string, Set<string>>();
  for (const family of manifest.families) allowed.set(family.slug, new Set(family.files.map((f) => f.file)));
  return { body, gzipped: await gzipAsync(body), etag: `"${manifest.inputHash.slice(0, 32)}"`, allowed };
}

/**
 * `GET /fonts/manifest.json` (the font catalogue with files and metrics) and
 * `GET /fonts/files/:slug/:file` (the woff2 files of the installed @fontsource packages).
 * `root` is the project root that holds generated/ and node_modules/ (tests pass a scratch one).
 */
export function registerFontRoutes(app: FastifyInstance, deps: { root?: string } = {}): void {
  const root = deps.root ?? PROJECT_ROOT;
  const fontsourceDir = path.join(root, 'node_modules', '@fontsource');
  let loading: Promise<LoadedManifest> | null = null;
  const manifest = (): Promise<LoadedManifest> => {
    loading ??= loadManifest(root).catch((err: unknown) => {
      loading = null; // the next request tries again, e.g. after `npm install`
      throw err;
    });
    return loading;
  };

  app.get('/fonts/manifest.json', async (request, reply) => {
    let loaded: LoadedManifest;
    try {
      loaded = await manifest();
    } catch (err) {
      request.log.error(err);
      console.error('font manifest unavailable:', err);
      return reply.code(503).send(fail(ResultCode.SERVICE_UNAVAILABLE, 'font manifest unavailable: run node scripts/build-font-manifest.mjs'));
    }
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('etag', loaded.etag)
      .header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === loaded.etag) return reply.code(304).send();
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(loaded.gzipped);
    }
    return reply.send(loaded.body);
  });

  app.get<{ Params: { slug: string; file: string } }>('/fonts/files/:slug/:file', async (request, reply) => {
    const { slug, file } = request.params;
    let loaded: LoadedManifest;
    try {
      loaded = await manifest();
    } catch (err) {
      request.log.error(err);
      return reply.code(503).send(fail(ResultCode.SERVICE_UNAVAILABLE, 'font manifest unavailable'));
    }
    // Only names taken from the manifest reach the file system, so "..", encoded slashes
    // and unlisted files (woff, other weights, package.json) can never be read.
    if (!loaded.allowed.get(slug)?.has(file)) {
      return reply.code(404).send(fail(ResultCode.PARAMS_INVALID, 'font file not found'));
    }
    let body: Buffer;
    try {
      body = await readFile(path.join(fontsourceDir, slug, 'files', file));
    } catch {
      return reply.code(404).send(fail(ResultCode.PARAMS_INVALID, 'font file not found'));
    }
    return (
      reply
        .header('content-type', 'font/woff2')
        // The client adds the manifest's input hash as ?v=, so a package upgrade gets new URLs.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(body)
    );
  });
}
