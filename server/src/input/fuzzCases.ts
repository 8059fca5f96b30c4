/**
 * Generated hostile inputs for the fuzz suite (fuzz.test.ts): every route of app.ts, hit with malformed
 * escapes, NUL bytes, deep JSON, huge numbers, wrong types, malformed multipart shapes, forged cookies,
 * ZIP bombs and damaged images. Deterministic (seeded), so a failure names a case that can be replayed.
 */
import { TASK_TYPES } from '../../../engine/spec/taskTypes';
import { deflatedZip, zipBomb } from './zipFixtures';

export interface FuzzCase {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

/** Small seeded PRNG (mulberry32): the same seed gives the same cases on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Hostile string values: bad escapes, NUL, cut UTF-8, traversal, huge, control and odd Unicode. */
export const BAD_STRINGS: string[] = [
  '%',
  '%ZZ',
  '%E0%A4%A',
  '%C3',
  '%FF%FE',
  '/files/uploads/%ZZ.jpg',
  'http://localhost/files/uploads/%E0%A4%A.jpg',
  '/files/uploads/web/a%00b.jpg',
  'a\u0000b',
  '\u0000',
  '/files/uploads/\u0000.jpg',
  '../../etc/passwd',
  '/files/../../etc/passwd',
  '/files/uploads',
  '/files/uploads/',
  '/files/',
  'file:///etc/passwd',
  'data:image/png;base64,AAAA',
  'javascript:alert(1)',
  '\ud800',
  '\udfff\ud800',
  'x'.repeat(70_000),
  '🙂'.repeat(500),
  '\r\nX-Injected: 1',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}',
  '<script>alert(1)</script>',
  ' ',
  '',
  'null',
  '[]',
  '{}',
  '1e400',
  'NaN',
  '-0',
  '0x10',
  '/files/uploads/web/none.jpg',
];

/** Hostile non-string JSON values: huge and odd numbers, wrong types. */
const BAD_VALUES: unknown[] = [
  1e308,
  -1e308,
  9007199254740993,
  -1,
  0,
  1.5,
  true,
  false,
  null,
  [],
  [1, 2],
  {},
  { a: { b: {} } },
  ['\u0000'],
  { '\u0000': 1 },
  { __proto__: { polluted: 1 } },
  { constructor: { prototype: { polluted: 1 } } },
];

/** JSON text nested `depth` levels deep. */
export const deepJson = (depth: number, open = '[', close = ']'): string => open.repeat(depth) + close.repeat(depth);

/** Raw JSON bodies that JSON.stringify cannot make: huge numbers, deep nesting, NUL escapes, broken text. */
const RAW_JSON_BODIES: string[] = [
  deepJson(5000),
  deepJson(100_000),
  `{"a":${deepJson(5000)}}`,
  '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
  '{"imgUrl":1e999999}',
  '{"imgUrl":"\\u0000"}',
  '{"text":"a\\u0000b"}',
  '{"taskId":"\\ud800"}',
  '{"imgUrl":"%ZZ"}',
  '{',
  '}',
  '{"a":',
  '[',
  'null',
  '0',
  '"str"',
  'true',
  '{"a":1,"a":2}',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '\u0000',
  '{"a":"\u0000"}',
  '\uFEFF{}',
  `{"n":${'9'.repeat(5000)}}`,
];

/** Cookie and device id headers that must be refused, never crash the owner check. */
export const BAD_DEVICE_HEADERS: Array<Record<string, string>> = [
  { cookie: 'deviceId=%ZZ' },
  { cookie: 'deviceId=%E0%A4%A' },
  { cookie: 'deviceId=%C3' },
  { cookie: 'deviceId=%00aaaaaaaaaaaaaaaaaa' },
  { cookie: 'deviceId=' },
  { cookie: 'deviceId' },
  { cookie: '=;;deviceId=%;' },
  { cookie: `deviceId=${'a'.repeat(5000)}` },
  { 'x-device-id': 'short' },
  { 'x-device-id': '%ZZ%ZZ%ZZ%ZZ%ZZ%ZZ' },
  { 'x-device-id': 'a'.repeat(65) },
  { cookie: 'deviceId=aaaaaaaaaaaaaaaa%' },
];

const SAMPLE_PID = 'P_0000000000000000';

/** Every route of app.ts: method, path with placeholders, and whether it takes a JSON body. */
export const ROUTES: Array<{ method: FuzzCase['method']; path: string; json?: boolean }> = [
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/api/ready' },
  { method: 'GET', path: '/api/sa/kesab' },
  { method: 'GET', path: '/api/sa/af' },
  { method: 'POST', path: '/api/dist/{x}', json: true },
  { method: 'GET', path: '/api/config/sensitive-words' },
  { method: 'POST', path: '/api/text-review', json: true },
  { method: 'GET', path: '/api/backgrounds' },
  { method: 'GET', path: '/api/generation/status' },
  { method: 'GET', path: '/api/backgrounds/{x}/thumb.png' },
  { method: 'POST', path: '/api/report/timing', json: true },
  { method: 'POST', path: '/api/report/event', json: true },
  { method: 'GET', path: '/api/admin/stats/timings' },
  { method: 'GET', path: '/stickers/{x}' },
  { method: 'GET', path: '/raw/gl/{x}' },
  { method: 'GET', path: '/img/texture/{x}' },
  { method: 'POST', path: '/api/detect/subject', json: true },
  { method: 'POST', path: '/api/inpaint/preview', json: true },
  { method: 'POST', path: '/api/detect/embed', json: true },
  { method: 'POST', path: '/api/detect/select', json: true },
  { method: 'POST', path: '/api/idphoto/render', json: true },
  { method: 'POST', path: '/api/idphoto/portrait', json: true },
  { method: 'POST', path: '/api/detect/text', json: true },
  { method: 'POST', path: '/api/detect/scratches', json: true },
  { method: 'GET', path: '/files/{x}' },
  { method: 'GET', path: '/fonts/manifest.json' },
  { method: 'GET', path: '/fonts/files/{x}/{x}' },
  { method: 'GET', path: '/api/download?fileUrl={x}' },
  { method: 'POST', path: '/api/lan-detect', json: true },
  { method: 'POST', path: '/api/translate', json: true },
  { method: 'GET', path: '/api/translate/languages' },
  { method: 'POST', path: '/api/task/status', json: true },
  { method: 'POST', path: '/api/task/{x}/status', json: true },
  { method: 'POST', path: '/api/task/cancel', json: true },
  { method: 'POST', path: '/api/task/{task}', json: true },
  { method: 'POST', path: '/api/pic-review', json: true },
  { method: 'GET', path: '/api/projects?type={x}&limit={x}&offset={x}' },
  { method: 'POST', path: '/api/projects', json: true },
  { method: 'GET', path: '/api/projects/{pid}' },
  { method: 'PUT', path: '/api/projects/{pid}', json: true },
  { method: 'PATCH', path: '/api/projects/{pid}', json: true },
  { method: 'DELETE', path: '/api/projects/{pid}' },
  { method: 'PUT', path: '/api/projects/{pid}/assets/{x}' },
  { method: 'GET', path: '/api/projects/{pid}/assets/{x}' },
  { method: 'PUT', path: '/api/projects/{pid}/thumbnail' },
  { method: 'GET', path: '/api/projects/{pid}/thumbnail' },
  { method: 'GET', path: '/{x}' },
  { method: 'POST', path: '/api/account/email/code', json: true },
  { method: 'POST', path: '/api/account/email/login', json: true },
  { method: 'POST', path: '/api/account/export', json: true },
  // Issue 27: API keys, the remove.bg-compatible API, rembg's route, the OpenAPI document and its page.
  { method: 'POST', path: '/api/account/api-keys/list', json: true },
  { method: 'POST', path: '/api/account/api-keys/create', json: true },
  { method: 'POST', path: '/api/account/api-keys/revoke', json: true },
  { method: 'POST', path: '/v1.0/removebg', json: true },
  { method: 'GET', path: '/v1.0/account' },
  { method: 'POST', path: '/api/remove', json: true },
  { method: 'GET', path: '/api/openapi.json' },
  { method: 'GET', path: '/api/docs' },
  { method: 'POST', path: '/api/account/info', json: true },
  { method: 'POST', path: '/api/account/logout', json: true },
  { method: 'POST', path: '/api/account/logout-all', json: true },
  { method: 'POST', path: '/api/account/delete', json: true },
  { method: 'POST', path: '/api/account/benefits', json: true },
  { method: 'POST', path: '/api/account/gifts/collect', json: true },
  { method: 'GET', path: '/api/account/oidc/providers' },
  { method: 'GET', path: '/api/account/oidc/{x}/start?returnTo={x}&deviceId={x}' },
  { method: 'GET', path: '/api/account/oidc/{x}/callback?state={x}&code={x}' },
  { method: 'POST', path: '/api/account/oidc/{x}/callback' },
  { method: 'POST', path: '/api/account/oidc/exchange', json: true },
  { method: 'POST', path: '/api/session/cookie', json: true },
  { method: 'POST', path: '/api/session/cookie/clear', json: true },
  { method: 'POST', path: '/api/credits/balance', json: true },
  { method: 'POST', path: '/api/purchase/checkout', json: true },
  { method: 'POST', path: '/api/purchase/order', json: true },
  { method: 'POST', path: '/api/purchase/orders', json: true },
  { method: 'POST', path: '/api/purchase/promotion', json: true },
  { method: 'POST', path: '/api/purchase/subscription', json: true },
  { method: 'POST', path: '/api/purchase/subscription/cancel', json: true },
  { method: 'POST', path: '/api/pay/stripe/webhook', json: true },
  { method: 'GET', path: '/api/pay/test/checkout/{x}' },
  { method: 'POST', path: '/api/pay/test/checkout/{x}/{x}', json: true },
  { method: 'POST', path: '/api/export/authorize', json: true },
  // Batch editing (engine/spec/batch.ts).
  { method: 'POST', path: '/api/batch', json: true },
  { method: 'GET', path: '/api/batch' },
  { method: 'GET', path: '/api/batch/{x}' },
  { method: 'POST', path: '/api/batch/{x}/items', json: true },
  { method: 'POST', path: '/api/batch/{x}/zip', json: true },
  { method: 'POST', path: '/api/batch/{x}/items/{x}/settings', json: true },
  { method: 'POST', path: '/api/batch/{x}/items/{x}/result', json: true },
  { method: 'POST', path: '/api/batch/{x}/start', json: true },
  { method: 'POST', path: '/api/batch/{x}/retry', json: true },
  { method: 'POST', path: '/api/batch/{x}/download-link', json: true },
  { method: 'POST', path: '/api/batch/{x}/cancel', json: true },
  { method: 'GET', path: '/api/batch/{x}/download' },
  { method: 'GET', path: '/api/batch/{x}/items/{x}/download' },
  { method: 'GET', path: '/api/batch/{x}/download?token={x}' },
  // Also sent the malformed multipart shapes of multipartCases.
  { method: 'POST', path: '/api/upload', json: true },
  { method: 'POST', path: '/api/upload/batch', json: true },
  { method: 'POST', path: '/api/upload/zip', json: true },
];

/** The JSON field names routes read, so mutations reach the validation code rather than stop at "missing". */
const FIELDS = [
  'imgUrl',
  'maskUrl',
  'maskData',
  'taskId',
  'text',
  'from',
  'doc',
  'name',
  'baseRevision',
  'efMode',
  'data',
  'event',
  'fileSize',
  'email',
  'code',
  'productId',
  'currency',
  'purchaseId',
  'returnUrl',
];

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)];
}

/** A path segment or query value that is hostile but still reaches the route (no raw `/` `?` `#`). */
function badSegment(rand: () => number): string {
  const raw = pick(rand, BAD_STRINGS).slice(0, 300);
  if (rand() < 0.5) return raw.replace(/[/?#\s]/g, '%00');
  // Percent-encode every byte (lone surrogates included), then sometimes un-escape the % signs again.
  const encoded = [...Buffer.from(raw, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  return rand() < 0.5 ? encoded.replace(/%25/g, '%') : encoded;
}

function fillPath(rand: () => number, path: string, pid: string): string {
  return path
    .replace(/\{task\}/g, () => (rand() < 0.7 ? pick(rand, TASK_TYPES) : badSegment(rand)))
    .replace(/\{pid\}/g, () => (rand() < 0.6 ? pid : badSegment(rand)))
    .replace(/\{x\}/g, () => badSegment(rand));
}

/** A JSON body with known fields set to hostile values (never a valid file URL, so nothing gets stored). */
function badJsonBody(rand: () => number): string {
  if (rand() < 0.3) return pick(rand, RAW_JSON_BODIES);
  const body: Record<string, unknown> = {};
  const n = 1 + Math.floor(rand() * 3);
  for (let i = 0; i < n; i++) body[pick(rand, FIELDS)] = rand() < 0.6 ? pick(rand, BAD_STRINGS) : pick(rand, BAD_VALUES);
  return JSON.stringify(body);
}

/** `count` generated cases spread over every route of ROUTES. */
export function generatedRouteCases(count: number, seed: number, pid = SAMPLE_PID): FuzzCase[] {
  const rand = seededRandom(seed);
  const cases: FuzzCase[] = [];
  for (let i = 0; i < count; i++) {
    const route = ROUTES[i % ROUTES.length];
    const headers: Record<string, string> = {};
    if (rand() < 0.35) Object.assign(headers, pick(rand, BAD_DEVICE_HEADERS));
    else if (rand() < 0.5) headers['x-device-id'] = 'fuzz_device_0123456789abcdef';
    let payload: string | Buffer | undefined;
    if (route.json || rand() < 0.15) {
      const kind = rand();
      if (kind < 0.8) {
        headers['content-type'] = 'application/json';
        payload = badJsonBody(rand);
      } else if (kind < 0.9) {
        headers['content-type'] = pick(rand, [
          'text/plain',
          'application/x-www-form-urlencoded',
          'image/png',
          'application/octet-stream',
          'application/json; charset=utf-16',
        ]);
        payload = pick(rand, BAD_STRINGS);
      } else {
        headers['content-type'] = 'application/json';
        payload = Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0xc3]);
      }
    }
    cases.push({ name: `#${i} ${route.method} ${route.path}`, method: route.method, url: fillPath(rand, route.path, pid), headers, payload });
  }
  return cases;
}

/** A multipart body with exact bytes, so malformed shapes can be built. */
function rawMultipart(boundary: string, body: string | Buffer, contentType = `multipart/form-data; boundary=${boundary}`) {
  return { headers: { 'content-type': contentType }, payload: Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1') };
}

const part = (b: string, disposition: string, value: string | Buffer, type?: string) =>
  Buffer.concat([
    Buffer.from(`--${b}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`, 'latin1'),
    Buffer.isBuffer(value) ? value : Buffer.from(value, 'latin1'),
    Buffer.from('\r\n'),
  ]);

/**
 * Malformed multipart shapes for each upload route: missing boundary, unterminated bodies, broken headers,
 * NUL in names and fields, wrong field types, bombs and damaged or header-forged images.
 */
export function multipartCases(images: { photo: Buffer; forgedJpeg: Buffer; truncatedPng: Buffer }): FuzzCase[] {
  const b = 'fuzzboundary';
  const file = (value: Buffer, filename = 'a.jpg') => part(b, `form-data; name="file"; filename="${filename}"`, value, 'image/jpeg');
  const end = Buffer.from(`--${b}--\r\n`);
  const shapes: Array<[string, { headers: Record<string, string>; payload: Buffer }]> = [
    ['no boundary', rawMultipart(b, `--${b}\r\n\r\n`, 'multipart/form-data')],
    ['empty body', rawMultipart(b, '')],
    ['only the closing boundary', rawMultipart(b, end)],
    ['unterminated part', rawMultipart(b, `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc`)],
    ['header without CRLFCRLF', rawMultipart(b, `--${b}\r\nContent-Disposition: form-data; name="file"`)],
    ['malformed part header', rawMultipart(b, `--${b}\r\nContent-Disposition\r\n\r\nx\r\n--${b}--\r\n`)],
    ['no content-disposition', rawMultipart(b, `--${b}\r\nContent-Type: image/jpeg\r\n\r\nx\r\n--${b}--\r\n`)],
    ['boundary mismatch', rawMultipart(b, `--other\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nx\r\n--other--\r\n`)],
    ['boundary of 200 characters', rawMultipart('x'.repeat(200), `--${'x'.repeat(200)}--\r\n`, `multipart/form-data; boundary=${'x'.repeat(200)}`)],
    [
      'NUL in the data field',
      rawMultipart(b, Buffer.concat([part(b, 'form-data; name="data"', '{"func":"a\\u0000b","subDir":"web"}'), file(images.photo), end])),
    ],
    ['raw NUL in the data field', rawMultipart(b, Buffer.concat([part(b, 'form-data; name="data"', '{"func":"a\u0000b"}'), file(images.photo), end]))],
    ['NUL in the file name', rawMultipart(b, Buffer.concat([file(images.photo, 'a\u0000b.jpg'), end]))],
    ['NUL in the field name', rawMultipart(b, Buffer.concat([part(b, 'form-data; name="da\u0000ta"', '{}'), file(images.photo), end]))],
    ['data is deep JSON', rawMultipart(b, Buffer.concat([part(b, 'form-data; name="data"', deepJson(5000)), file(images.photo), end]))],
    ['data is a huge number', rawMultipart(b, Buffer.concat([part(b, 'form-data; name="data"', '1e999999'), file(images.photo), end]))],
    [
      'data of wrong types',
      rawMultipart(b, Buffer.concat([part(b, 'form-data; name="data"', '{"func":[1],"subDir":{"a":1},"fileType":1e308}'), file(images.photo), end])),
    ],
    ['data is a file', rawMultipart(b, Buffer.concat([part(b, 'form-data; name="data"; filename="d.json"', '{}', 'application/json'), end]))],
    ['file is a plain field', rawMultipart(b, Buffer.concat([part(b, 'form-data; name="file"', images.photo), end]))],
    ['file without a name', rawMultipart(b, Buffer.concat([part(b, 'form-data; filename="a.jpg"', images.photo, 'image/jpeg'), end]))],
    ['empty file', rawMultipart(b, Buffer.concat([file(Buffer.alloc(0)), end]))],
    // Odd but harmless names reach the image check, which must then refuse the damaged file.
    [
      'percent-escaped file name',
      rawMultipart(b, Buffer.concat([part(b, `form-data; name="file"; filename*=UTF-8''%ZZ%E0%A4%A`, images.truncatedPng, 'image/png'), end])),
    ],
    ['file name of 5000 characters', rawMultipart(b, Buffer.concat([file(images.forgedJpeg, `${'x'.repeat(5000)}.jpg`), end]))],
    ['header-forged JPEG (64x48 claiming 7000x7000)', rawMultipart(b, Buffer.concat([file(images.forgedJpeg), end]))],
    ['truncated PNG', rawMultipart(b, Buffer.concat([file(images.truncatedPng, 'a.png'), end]))],
    ['zip bomb', rawMultipart(b, Buffer.concat([file(zipBomb(64 * 1024 * 1024), 'bomb.zip'), end]))],
    ['zip bomb claiming 4 GiB', rawMultipart(b, Buffer.concat([file(zipBomb(8 * 1024 * 1024, { claimedSize: 0xffffffff }), 'lying.zip'), end]))],
    ['zip whose entry lies small', rawMultipart(b, Buffer.concat([file(zipBomb(40 * 1024 * 1024, { claimedSize: 1000 }), 'small.zip'), end]))],
    ['zip of a damaged image', rawMultipart(b, Buffer.concat([file(deflatedZip([{ name: 'a.png', body: images.truncatedPng }]), 'd.zip'), end]))],
    ['zip with a traversal name', rawMultipart(b, Buffer.concat([file(deflatedZip([{ name: '../../x.jpg', body: images.photo }]), 't.zip'), end]))],
    ['zip cut in half', rawMultipart(b, Buffer.concat([file(deflatedZip([{ name: 'a.jpg', body: images.photo }]).subarray(0, 400), 'h.zip'), end]))],
    [
      'zip with 1000 entries',
      rawMultipart(
        b,
        Buffer.concat([file(deflatedZip(Array.from({ length: 1000 }, (_, i) => ({ name: `${i}.jpg`, body: Buffer.from('x') }))), 'many.zip'), end]),
      ),
    ],
  ];
  const cases: FuzzCase[] = [];
  for (const url of ['/api/upload', '/api/upload/batch', '/api/upload/zip']) {
    for (const [name, shape] of shapes) cases.push({ name: `${url}: ${name}`, method: 'POST', url, headers: shape.headers, payload: shape.payload });
  }
  return cases;
}
