/**
 * Shader delivery (SPEC §4 "Shaders and textures", §7 "Shader", §8): GLSL text comes from
 * `GET /raw/gl/<file>`, encrypted on the wire and decrypted here with engine/crypto/shaderCipher, or plain
 * in development mode (Vite dev server, localStorage 'lumacut.glDev' = '1', or no WebCrypto on a plain-HTTP
 * page). Each file is fetched once and cached. A non-OK answer throws and is logged.
 */
import { canDecrypt, decryptText, looksEncrypted } from '../../../../engine/crypto/shaderCipher';

/** localStorage flag that asks the server for plain shader text (debugging shaders in a production build). */
export const GL_DEV_STORAGE_KEY = 'lumacut.glDev';
export const SHADER_URL_PREFIX = '/raw/gl/';

const texts = new Map<string, string>();
const pending = new Map<string, Promise<string>>();

/** True when shaders are requested as plain text (`?plain=1`). */
export function isShaderDevMode(): boolean {
  if (import.meta.env?.DEV) return true;
  if (!canDecrypt()) return true;
  try {
    return globalThis.localStorage?.getItem(GL_DEV_STORAGE_KEY) === '1';
  } catch {
    return false; // storage blocked: production behaviour
  }
}

/** The URL a shader file is fetched from. */
export function shaderUrl(file: string, plain = isShaderDevMode()): string {
  return `${SHADER_URL_PREFIX}${encodeURIComponent(file)}${plain ? '?plain=1' : ''}`;
}

async function download(file: string): Promise<string> {
  const plain = isShaderDevMode();
  const url = shaderUrl(file, plain);
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    const wrapped = new Error(`Shader ${file} could not be fetched: ${error instanceof Error ? error.message : String(error)}`);
    console.error(wrapped.message);
    throw wrapped;
  }
  if (!response.ok) {
    const error = new Error(`Shader ${file} fetch failed: HTTP ${response.status}`);
    console.error(error.message);
    throw error;
  }
  const body = await response.text();
  // The server may answer plain text even when asked for cipher text (its own development mode).
  const encrypted = response.headers.get('x-shader-encoding') !== 'plain' && looksEncrypted(body);
  if (!encrypted) return body;
  try {
    return await decryptText(body);
  } catch (error) {
    console.error(`Shader ${file} could not be decrypted: ${(error as Error).message}`);
    throw error;
  }
}

/**
 * The GLSL text of `file`, fetched (and decrypted) once, then cached. Concurrent calls share one request;
 * a failed request is not cached, so a later call tries again.
 * @throws Error on a network failure, a non-OK answer or a failed decryption (also logged).
 */
export function loadShader(file: string): Promise<string> {
  const known = texts.get(file);
  if (known !== undefined) return Promise.resolve(known);
  let request = pending.get(file);
  if (!request) {
    request = download(file).then(
      (text) => {
        texts.set(file, text);
        pending.delete(file);
        return text;
      },
      (error: unknown) => {
        pending.delete(file);
        throw error;
      },
    );
    pending.set(file, request);
  }
  return request;
}

/** The cached text of `file` when it was already downloaded, else undefined (never fetches). */
export function cachedShader(file: string): string | undefined {
  return texts.get(file);
}

/**
 * Downloads every file in `files` (callers pass only what non-default effects need, e.g.
 * `shaderFilesFor(passes)`). Resolves true when all are cached, false on ANY failure; never throws.
 */
export async function preDownloadShaders(files: Iterable<string>): Promise<boolean> {
  const wanted = [...new Set(files)];
  const results = await Promise.allSettled(wanted.map((file) => loadShader(file)));
  return results.every((r) => r.status === 'fulfilled');
}

/** Forgets every cached shader (tests). */
export function clearShaderCache(): void {
  texts.clear();
  pending.clear();
}
