import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { DOWNLOAD_PROXY_MAX_BYTES, DOWNLOAD_PROXY_MAX_REDIRECTS, DOWNLOAD_PROXY_TIMEOUT_MS } from '../../../engine/spec/limits';
import { isPublicAddress } from './ipPolicy';

/**
 * Fetches a remote image or font for `GET /api/download?fileUrl=` without
 * letting the caller reach anything but public internet hosts (SSRF).
 *
 * Defence in layers: the URL is validated, every DNS answer must be public,
 * the connection is pinned to the address that was validated (so a second,
 * rebinding DNS answer is never used), the socket's real peer is checked
 * again once connected, and redirects are re-validated hop by hop.
 */

export type SafeFetchReason = 'bad-url' | 'forbidden-address' | 'too-large' | 'timeout' | 'bad-content-type' | 'too-many-redirects' | 'http-status' | 'network';

/** Why `safeFetch` refused or failed; `status` is set for `http-status`. */
export class SafeFetchError extends Error {
  override readonly name = 'SafeFetchError';
  constructor(
    readonly reason: SafeFetchReason,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Resolves a host name to every address it has (like `dns.lookup(host, { all: true })`). */
export type Resolver = (hostname: string) => Promise<ReadonlyArray<{ address: string }>>;
type Policy = (ip: string) => boolean;

export interface SafeFetchOptions {
  /** Redirects followed at most (default 5). */
  maxRedirects?: number;
  /** Time limit for the whole fetch, redirects and body included (default 10 000 ms). */
  timeoutMs?: number;
  /** Largest body accepted (default 20 MiB). */
  maxBytes?: number;
  /** DNS resolution; injectable for tests. */
  resolve?: Resolver;
  /** Address policy. Default `isPublicAddress`; override ONLY in tests (to reach 127.0.0.1). */
  isAllowedAddress?: Policy;
}

export interface SafeFetchResult {
  body: Buffer;
  /** Media type as declared by the server, lower-cased, without parameters. */
  contentType: string;
  /** URL of the last hop, after redirects. */
  finalUrl: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const FONT_TYPES = new Set([
  'application/font-woff',
  'application/font-woff2',
  'application/x-font-woff',
  'application/x-font-ttf',
  'application/x-font-otf',
  'application/font-sfnt',
  'application/vnd.ms-fontobject',
]);
const HEIF_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

const ascii = (b: Buffer, from: number, to: number): string => b.subarray(from, to).toString('latin1');

/** True when the body starts like a raster image format we know (SVG deliberately excluded). */
function looksLikeImage(b: Buffer): boolean {
  return (
    ascii(b, 0, 8) === '\x89PNG\r\n\x1a\n' ||
    ascii(b, 0, 3) === '\xff\xd8\xff' ||
    ['GIF87a', 'GIF89a'].includes(ascii(b, 0, 6)) ||
    (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') ||
    ascii(b, 0, 2) === 'BM' ||
    (ascii(b, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(b, 8, 12))) ||
    ['II*\0', 'MM\0*'].includes(ascii(b, 0, 4)) ||
    ascii(b, 0, 4) === '\0\0\x01\0' // ICO (favicons)
  );
}

/** True when the body starts like a font: woff, woff2, TrueType, OpenType, collection, or EOT. */
function looksLikeFont(b: Buffer): boolean {
  return (
    ['wOFF', 'wOF2', '\0\x01\0\0', 'OTTO', 'ttcf', 'true'].includes(ascii(b, 0, 4)) || (b.length > 36 && ascii(b, 34, 36) === 'LP') // EOT magic sits at offset 34
  );
}

/** Which sniffer a declared media type must pass; null = refused outright (HTML, SVG, JSON, …). */
function bodyCheckFor(mediaType: string): ((b: Buffer) => boolean) | null {
  if (mediaType === 'image/svg+xml') return null; // SVG can carry scripts
  if (mediaType.startsWith('image/')) return looksLikeImage;
  if (mediaType.startsWith('font/') || FONT_TYPES.has(mediaType)) return looksLikeFont;
  if (mediaType === 'application/octet-stream') return (b) => looksLikeImage(b) || looksLikeFont(b);
  return null;
}

/** Validates scheme and credentials of one hop. */
function parseHop(raw: string, base?: string): URL {
  if (!URL.canParse(raw, base)) throw new SafeFetchError('bad-url', 'not a valid URL');
  const url = new URL(raw, base);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('bad-url', `scheme ${url.protocol} is not allowed`);
  }
  if (url.username || url.password) throw new SafeFetchError('bad-url', 'credentials in URL are not allowed');
  if (!url.hostname) throw new SafeFetchError('bad-url', 'URL has no host');
  return url;
}

/** Rejects with the signal's reason as soon as it aborts (dns.lookup itself cannot be cancelled). */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Resolves the host and returns ONE validated address, refusing if any answer is not allowed. */
async function resolveHost(host: string, resolve: Resolver, allowed: Policy): Promise<string> {
  if (isIP(host)) {
    if (!allowed(host)) throw new SafeFetchError('forbidden-address', `address ${host} is not allowed`);
    return host;
  }
  let answers: ReadonlyArray<{ address: string }>;
  try {
    answers = await resolve(host);
  } catch (err) {
    throw new SafeFetchError('network', `cannot resolve ${host}: ${(err as Error).message}`);
  }
  if (answers.length === 0) throw new SafeFetchError('network', `no address for ${host}`);
  // Refuse if ANY answer is private: a mixed answer is a classic rebinding setup.
  const bad = answers.find((a) => !allowed(a.address));
  if (bad) throw new SafeFetchError('forbidden-address', `${host} resolves to ${bad.address}`);
  return answers[0].address;
}

/** Sends one GET to the pinned address; resolves with the response headers. */
function requestHop(url: URL, address: string, allowed: Policy, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const family = isIP(address);
    // Pinning: whatever Node asks for, answer the validated address. Node 20
    // asks with `all: true` when autoSelectFamily is on, so support both shapes.
    const lookup = ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) => {
      if (opts?.all) cb(null, [{ address, family }]);
      else cb(null, address, family);
    }) as unknown as LookupFunction;
    const req = (url.protocol === 'https:' ? https : http).request({
      protocol: url.protocol,
      // Keep the host name (not the IP) so TLS SNI and certificate checks still apply.
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      lookup,
      agent: false, // a fresh socket per hop: no pooled connection to a previously checked peer
      headers: {
        'User-Agent': 'PhotoStudio-DownloadProxy/1.0',
        Accept: 'image/*,font/*',
        'Accept-Encoding': 'identity', // we size-limit and sniff raw bytes, so no compression
      },
    });
    const onAbort = () => req.destroy(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    req.on('close', () => signal.removeEventListener('abort', onAbort));
    // Last line of defence: check the peer we are actually connected to before
    // any byte of the request is written (our listener runs before Node's
    // pending-write listener because it is added when the socket is assigned).
    req.on('socket', (socket) => {
      const check = () => {
        const peer = socket.remoteAddress;
        if (!peer || !allowed(peer)) {
          req.destroy(new SafeFetchError('forbidden-address', `connected to forbidden address ${peer ?? '?'}`));
        }
      };
      if (socket.connecting) socket.once('connect', check);
      else check();
    });
    req.on('response', resolve);
    req.on('error', (e) => reject(e instanceof SafeFetchError ? e : new SafeFetchError('network', e.message)));
    if (signal.aborted) onAbort();
    req.end();
  });
}

/** Reads the body, aborting the moment it grows past `maxBytes`. */
function readBody(res: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const fail = (err: SafeFetchError) => (res.destroy(), reject(err));
    const onAbort = () => fail(signal.reason as SafeFetchError);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    res.on('close', () => signal.removeEventListener('abort', onAbort));
    res.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) return fail(new SafeFetchError('too-large', `body exceeds ${maxBytes} bytes`));
      chunks.push(chunk);
    });
    res.on('end', () => resolve(Buffer.concat(chunks, total)));
    res.on('error', (err) => fail(new SafeFetchError('network', `body read failed: ${err.message}`)));
    res.on('close', () => {
      if (!res.complete) fail(new SafeFetchError('network', 'connection closed before the body ended'));
    });
  });
}

/**
 * Downloads an image or font from a public http(s) URL, refusing anything that
 * could reach internal services (SSRF) or deliver active content.
 *
 * @param url - absolute `http:` or `https:` URL without credentials
 * @param options - limits and test-only injection points, see {@link SafeFetchOptions}
 * @returns the body, its declared media type and the URL after redirects
 * @throws {SafeFetchError} with a `reason` telling which rule refused the fetch
 */
export async function safeFetch(url: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const { maxRedirects = DOWNLOAD_PROXY_MAX_REDIRECTS, maxBytes = DOWNLOAD_PROXY_MAX_BYTES, timeoutMs = DOWNLOAD_PROXY_TIMEOUT_MS } = options;
  const resolve: Resolver = options.resolve ?? ((host) => dnsLookup(host, { all: true }));
  const allowed = options.isAllowedAddress ?? isPublicAddress;

  // One controller for the whole fetch so redirects cannot reset the clock.
  const controller = new AbortController();
  const { signal } = controller;
  const timer = setTimeout(() => controller.abort(new SafeFetchError('timeout', `no complete answer within ${timeoutMs} ms`)), timeoutMs);
  try {
    let current = parseHop(url);
    for (let redirects = 0; ; redirects++) {
      const host = current.hostname.replace(/^\[|\]$/g, '');
      const address = await raceAbort(resolveHost(host, resolve, allowed), signal);
      const res = await requestHop(current, address, allowed, signal);
      try {
        const status = res.statusCode ?? 0;
        if (REDIRECTS.has(status) && res.headers.location) {
          if (redirects >= maxRedirects) {
            throw new SafeFetchError('too-many-redirects', `more than ${maxRedirects} redirects`);
          }
          current = parseHop(res.headers.location, current.href); // re-validated from scratch next turn
          continue;
        }
        if (status < 200 || status > 299) {
          throw new SafeFetchError('http-status', `upstream answered HTTP ${status}`, status);
        }
        const contentType = (res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
        const bodyCheck = bodyCheckFor(contentType);
        if (!bodyCheck) {
          throw new SafeFetchError('bad-content-type', `content type "${contentType}" is not an image or font`);
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          throw new SafeFetchError('too-large', `Content-Length ${declared} exceeds ${maxBytes} bytes`);
        }
        const body = await readBody(res, maxBytes, signal);
        if (!bodyCheck(body)) {
          throw new SafeFetchError('bad-content-type', `body is not a known ${contentType} format`);
        }
        return { body, contentType, finalUrl: current.href };
      } finally {
        res.destroy(); // drop the connection: unread redirect/error bodies are never wanted
      }
    }
  } finally {
    clearTimeout(timer);
  }
}
