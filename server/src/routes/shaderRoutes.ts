import { createHash } from 'node:crypto';
import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SALT_BYTES, encryptText } from '../../../engine/crypto/shaderCipher';
import { ResultCode } from '../../../engine/spec/errors';
import { PROJECT_ROOT } from '../config';
import { processConfig } from '../config/processConfig';
import { GRAIN_SEED, encodeGrainPng } from '../effects/grainTexture';
import { fail } from '../envelope';

/** A shader file name: no dots but the extension, no slashes, so it can only name a file directly in the folder. */
export const SHADER_FILE_PATTERN = /^[a-z0-9_-]+\.(frag|vert)$/;
/** Texture names this server knows (SPEC §7: "only the grain texture"). */
const GRAIN_NAMES = new Set(['grain.png', 'grain']);
/** The grain is fixed by its seed, but the URL has no version, so cache long rather than "immutable". */
const TEXTURE_CACHE_CONTROL = 'public, max-age=31536000';

/**
 * One random salt per process: the server derives a single key, the client derives one key per server start.
 * The IV stays random per file, which is what AES-GCM needs.
 */
const PROCESS_SALT = globalThis.crypto.getRandomValues(new Uint8Array(SALT_BYTES));

export interface ShaderRouteOptions {
  /** Folder of the GLSL files; defaults to the repository's `shaders/`. */
  shadersDir?: string;
  /** Serve plain text to everyone; defaults to env SHADER_PLAIN=1 or NODE_ENV=development. */
  plain?: boolean;
  /** Grain texture seed (tests); defaults to {@link GRAIN_SEED}. */
  grainSeed?: number;
}

interface Served {
  body: string | Buffer;
  etag: string;
}

interface CachedShader {
  mtimeMs: number;
  size: number;
  plain: Promise<Served>;
  encrypted?: Promise<Served>;
}

const etagOf = (body: string | Buffer) => `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;

function notFound(reply: FastifyReply, what: string) {
  return reply.code(404).send(fail(ResultCode.PARAMS_INVALID, `${what} not found`));
}

function send(request: FastifyRequest, reply: FastifyReply, served: Served) {
  reply.header('etag', served.etag);
  if (request.headers['if-none-match'] === served.etag) return reply.code(304).send();
  return reply.send(served.body);
}

/**
 * `GET /raw/gl/<file>`: a GLSL file of the shaders folder, encrypted with engine/crypto/shaderCipher (obfuscation
 * only) unless `?plain=1` or plain mode; header `x-shader-encoding` says which. Files are read on demand and cached
 * until their size or mtime changes, so edited shaders show up without a restart.
 * `GET /img/texture/grain.png` (or `grain`): the deterministic 1024×1024 grain texture, made once per app.
 * Anything else answers 404 with an envelope; names are checked against a strict pattern, never joined blindly.
 */
export function registerShaderRoutes(app: FastifyInstance, options: ShaderRouteOptions = {}): void {
  const dir = options.shadersDir ?? path.join(PROJECT_ROOT, 'shaders');
  const plainMode = options.plain ?? processConfig().process.shaderPlain;
  const shaders = new Map<string, CachedShader>();

  app.get<{ Params: { file: string }; Querystring: { plain?: string } }>('/raw/gl/:file', async (request, reply) => {
    const file = request.params.file;
    if (!SHADER_FILE_PATTERN.test(file)) return notFound(reply, 'shader');
    const full = path.join(dir, file);
    // lstat, not stat: a symlink in the folder could point anywhere.
    const stats = await lstat(full).catch(() => null);
    if (!stats?.isFile()) return notFound(reply, 'shader');

    let entry = shaders.get(file);
    if (!entry || entry.mtimeMs !== stats.mtimeMs || entry.size !== stats.size) {
      const plain = readFile(full, 'utf8').then((text) => ({ body: text, etag: etagOf(text) }));
      entry = { mtimeMs: stats.mtimeMs, size: stats.size, plain };
      shaders.set(file, entry);
    }
    const wantPlain = plainMode || request.query.plain === '1' || request.query.plain === 'true';
    const current = entry;
    try {
      const served = wantPlain
        ? await current.plain
        : await (current.encrypted ??= current.plain.then(async ({ body }) => {
            const text = await encryptText(String(body), { salt: PROCESS_SALT });
            return { body: text, etag: etagOf(text) };
          }));
      reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .header('x-shader-encoding', wantPlain ? 'plain' : 'aes-256-gcm');
      return send(request, reply, served);
    } catch (error) {
      // Removed between lstat and read: forget it so the next request looks again.
      if (shaders.get(file) === current) shaders.delete(file);
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return notFound(reply, 'shader');
      throw error;
    }
  });

  let grain: Promise<Served> | undefined;
  app.get<{ Params: { name: string } }>('/img/texture/:name', async (request, reply) => {
    if (!GRAIN_NAMES.has(request.params.name)) return notFound(reply, 'texture');
    grain ??= encodeGrainPng(undefined, options.grainSeed ?? GRAIN_SEED).then((png) => ({ body: png, etag: etagOf(png) }));
    const pending = grain;
    pending.catch(() => {
      if (grain === pending) grain = undefined;
    });
    reply.header('content-type', 'image/png').header('cache-control', TEXTURE_CACHE_CONTROL).header('x-content-type-options', 'nosniff');
    return send(request, reply, await pending);
  });
}
