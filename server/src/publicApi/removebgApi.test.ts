import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv2020 from 'ajv/dist/2020';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionStore } from '../accounts/sessions';
import { CreditLedger } from '../credits/creditLedger';
import { safeFetch } from '../net/safeFetch';
import { NO_LIMITS } from '../config/limitsConfig';
import { readInput, type Processor } from '../tasks/processor';
import { databaseTargets } from '../testing/testDatabases';
import { readPhoto } from '../testing/testPhotos';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * A deterministic stand-in for the cut-out model (the protocol is what is tested here; the real model's quality
 * is bench/removebg's): the photo with an opaque ellipse in its middle half and nothing around it.
 */
const ellipseCutout: Processor = async (ctx) => {
  const { data, info } = await sharp(await readInput(ctx))
    .rotate()
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = (x - width / 2) / (width / 4);
      const dy = (y - height / 2) / (height / 4);
      data[(y * width + x) * 4 + 3] = dx * dx + dy * dy <= 1 ? 255 : 0;
    }
  }
  return {
    body: await sharp(data, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer(),
    contentType: 'image/png',
    extension: 'png',
  };
};

type Json = Record<string, unknown>;
const target = databaseTargets()[0]!;
// Loopback is allowed only for this test's own picture server; the route still goes through safeFetch.
const fetchImage = async (url: string) => (await safeFetch(url, { isAllowedAddress: () => true })).body;

/** Checks a reply against the OpenAPI document: its status, content type, headers and (JSON) body. */
function checkAgainstDoc(doc: Json, ajv: Ajv2020, path: string, method: string, res: Response, body: Buffer) {
  const op = ((doc.paths as Json)[path] as Json)[method] as Json;
  const spec = (op.responses as Record<string, Json>)[String(res.status)];
  expect(spec, `${method} ${path} ${res.status} is documented (${body.subarray(0, 300).toString()})`).toBeDefined();
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const content = spec!.content as Record<string, { schema: Json }>;
  expect(Object.keys(content), `${res.status} content types`).toContain(type);
  for (const [name, header] of Object.entries((spec!.headers ?? {}) as Record<string, { schema: Json }>)) {
    const value = res.headers.get(name);
    if (value === null) continue;
    const validate = ajv.compile(header.schema);
    expect(validate(value), `${name}: ${value}`).toBe(true);
  }
  if (type === 'application/json') {
    const validate = ajv.compile({ $ref: `doc${String(content[type]!.schema.$ref)}` });
    const parsed = JSON.parse(body.toString('utf8'));
    expect(validate(parsed), JSON.stringify(validate.errors)).toBe(true);
    return parsed as Json;
  }
  return null;
}

describe('the remove.bg-compatible API over HTTP, checked against /api/openapi.json', () => {
  let store: Awaited<ReturnType<typeof target.make>>;
  let server: TestServer;
  let base: string;
  let pictures: Server;
  let picturesBase: string;
  let doc: Json;
  let ajv: Ajv2020;
  let photo: Buffer;
  let token: string;
  let key: string;
  let keyId: string;

  beforeAll(async () => {
    photo = await readPhoto('chelsea');
    pictures = createServer((req, res) => {
      if (req.url === '/cat.jpg') {
        res.setHeader('content-type', 'image/jpeg');
        return res.end(photo);
      }
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((r) => pictures.listen(0, '127.0.0.1', r));
    picturesBase = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
    store = await target.make();
    server = await startTestServer(store, {
      workers: 2,
      processors: { removebg: ellipseCutout },
      accounts: { billing: true, freeDailyCredits: 0 },
      fetchImage,
    });
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as Json;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
    await server.runtime.db.query(`insert into accounts (id, email, provider) values ('ACC_api', 'api@example.org', 'email')`);
    token = await new SessionStore(server.runtime.db, 1).create('ACC_api');
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    await store?.cleanup();
    await new Promise((r) => pictures.close(r));
  });

  const account = async (path: string, payload: Json = {}) => {
    const reply = (await fetch(`${base}/api/account/api-keys/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': token },
      body: JSON.stringify(payload),
    }).then((r) => r.json())) as Json;
    // Creating or revoking a key rotates the session (issue 30 item 14): carry on with the fresh token, as the page does.
    const fresh = (reply.data as Json | undefined)?.sessionToken;
    if (typeof fresh === 'string') token = fresh;
    return reply;
  };

  const call = async (init: { body?: BodyInit; headers?: Record<string, string>; path?: string; method?: string; withKey?: boolean }) => {
    const path = init.path ?? '/v1.0/removebg';
    const method = init.method ?? 'post';
    const res = await fetch(`${base}${path}`, {
      method: method.toUpperCase(),
      body: init.body,
      headers: { ...(init.withKey === false ? {} : { 'x-api-key': key }), ...init.headers },
    });
    const body = Buffer.from(await res.arrayBuffer());
    const json = checkAgainstDoc(doc, ajv, path, method, res, body);
    return { res, body, json };
  };
  const form = (fields: Record<string, string | Blob>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.append(k, v, ...((v instanceof Blob ? ['upload.jpg'] : []) as []));
    return f;
  };
  const photoBlob = () => new Blob([new Uint8Array(photo)], { type: 'image/jpeg' });

  it('keys: created with a name and shown once, listed without the key, stored only hashed', async () => {
    const created = (await account('create', { name: 'My shop plug-in' })).data as Json;
    key = created.key as string;
    keyId = created.id as string;
    expect(key).toMatch(/^lc_[A-Za-z0-9_-]{40}$/);
    const list = ((await account('list')).data as { keys: Json[] }).keys;
    expect(list).toEqual([expect.objectContaining({ id: keyId, name: 'My shop plug-in', prefix: key.slice(0, 11), lastUsedAt: null, revokedAt: null })]);
    expect(JSON.stringify(list)).not.toContain(key);
    const rows = await server.runtime.db.query<{ key_hash: string }>('select key_hash from api_keys');
    expect(rows.rows[0]!.key_hash).not.toContain(key.slice(3));
    expect(((await account('create', { name: '' })) as Json).resultCode).toBe(-102);
  });

  it("refuses a missing or wrong key (403) and an account without credits (402), in remove.bg's error shape", async () => {
    const missing = await call({ body: form({ image_file: photoBlob() }), withKey: false });
    expect(missing.res.status).toBe(403);
    expect(missing.json).toEqual({ errors: [expect.objectContaining({ code: 'auth_failed' })] });
    const wrong = await call({ body: form({ image_file: photoBlob() }), headers: { 'x-api-key': `lc_${'x'.repeat(40)}` } });
    expect(wrong.res.status).toBe(403);
    const broke = await call({ body: form({ image_file: photoBlob() }) });
    expect(broke.res.status).toBe(402);
    expect((broke.json!.errors as Json[])[0]!.code).toBe('insufficient_credits');
    const bad = await call({ body: form({ image_file: photoBlob(), size: 'huge' }) });
    expect(bad.res.status).toBe(400);
    expect((bad.json!.errors as Json[])[0]).toMatchObject({ code: 'invalid_parameters', title: expect.stringContaining('size') });
    const none = await call({ body: form({ size: 'auto' }) });
    expect(none.res.status).toBe(400);
    expect((none.json!.errors as Json[])[0]!.code).toBe('missing_source');
  });

  it('answers every input form in every output format, charging one credit each through the ledger', async () => {
    await new CreditLedger(server.runtime.db, { freeDailyCredits: 0 }).grant('account:ACC_api', 100, { bucket: 'paid', ref: 'test:api' });
    const b64 = photo.toString('base64');
    const inputs: Array<[string, (extra: Record<string, string>) => { body: BodyInit; headers?: Record<string, string> }]> = [
      ['image_file (multipart)', (extra) => ({ body: form({ image_file: photoBlob(), ...extra }) })],
      [
        'image_file_b64 (form)',
        (extra) => ({ body: new URLSearchParams({ image_file_b64: b64, ...extra }), headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      ],
      ['image_file_b64 (JSON)', (extra) => ({ body: JSON.stringify({ image_file_b64: b64, ...extra }), headers: { 'content-type': 'application/json' } })],
      ['image_url', (extra) => ({ body: form({ image_url: `${picturesBase}/cat.jpg`, ...extra }) })],
    ];
    const { width, height } = await sharp(photo).metadata();
    let calls = 0;
    for (const [name, make] of inputs) {
      for (const format of ['auto', 'png', 'jpg', 'webp', 'zip'] as const) {
        const { res, body } = await call(make({ format, size: 'full' }));
        calls += 1;
        expect(res.status, `${name} ${format}`).toBe(200);
        expect(res.headers.get('x-credits-charged')).toBe('1');
        expect(res.headers.get('x-type')).toBe('other');
        expect([res.headers.get('x-width'), res.headers.get('x-height')]).toEqual([String(width), String(height)]);
        const expected = { auto: 'image/png', png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', zip: 'application/zip' }[format];
        expect(res.headers.get('content-type')).toContain(expected);
        if (format === 'zip') {
          expect(body.subarray(0, 2).toString('latin1')).toBe('PK');
          expect(body.includes(Buffer.from('color.jpg'))).toBe(true);
          expect(body.includes(Buffer.from('alpha.png'))).toBe(true);
        } else {
          const meta = await sharp(body).metadata();
          expect([meta.width, meta.height]).toEqual([width, height]);
          expect(meta.hasAlpha, `${name} ${format}`).toBe(format !== 'jpg');
        }
      }
      // The JSON reply of the same call.
      const { res, json } = await call({ ...make({ size: 'full' }), headers: { ...make({}).headers, accept: 'application/json' } });
      calls += 1;
      expect(res.status).toBe(200);
      const data = json!.data as Json;
      const decoded = await sharp(Buffer.from(data.result_b64 as string, 'base64')).metadata();
      expect([decoded.width, decoded.height, decoded.format]).toEqual([width, height, 'png']);
      expect(data.foreground_width).toBeGreaterThan(width! / 2 - 3);
    }
    const balance = await call({ path: '/v1.0/account', method: 'get' });
    expect(balance.res.status).toBe(200);
    expect((balance.json as { data: { attributes: { credits: { total: number } } } }).data.attributes.credits.total).toBe(100 - calls);
  }, 600_000);

  it('size, crop with margin, scale and position, roi, channels=alpha, bg_color and bg_image_file do what remove.bg does', async () => {
    await new CreditLedger(server.runtime.db, { freeDailyCredits: 0 }).grant('account:ACC_api', 20, { bucket: 'paid', ref: 'test:api:options' });
    const { width, height } = (await sharp(photo).metadata()) as { width: number; height: number };
    const preview = await call({ body: form({ image_file: photoBlob() }) });
    expect(Number(preview.res.headers.get('x-width')) * Number(preview.res.headers.get('x-height'))).toBeLessThanOrEqual(250_000);

    const cropped = await call({ body: form({ image_file: photoBlob(), size: 'full', crop: 'true' }) });
    const fw = Number(cropped.res.headers.get('x-width'));
    expect(Math.abs(fw - width / 2)).toBeLessThanOrEqual(2);
    const margin = await call({ body: form({ image_file: photoBlob(), size: 'full', crop: 'true', crop_margin: '10px' }) });
    expect(Number(margin.res.headers.get('x-width'))).toBe(fw + 20);

    const scaled = await call({ body: form({ image_file: photoBlob(), size: 'full', scale: '50%', position: '0% 0%' }) });
    expect(scaled.res.headers.get('x-foreground-left')).toBe('0');
    expect(scaled.res.headers.get('x-foreground-top')).toBe('0');
    // The subject fits in half the canvas: its limiting side is half the image's.
    const [sw, sh] = [Number(scaled.res.headers.get('x-foreground-width')), Number(scaled.res.headers.get('x-foreground-height'))];
    expect(sw <= Math.round(width / 2) && sh <= Math.round(height / 2)).toBe(true);
    expect(Math.max(sw / (width / 2), sh / (height / 2))).toBeCloseTo(1, 2);

    const roi = await call({ body: form({ image_file: photoBlob(), size: 'full', roi: '0% 0% 50% 100%', crop: 'true' }) });
    expect(Math.abs(Number(roi.res.headers.get('x-width')) - width / 4)).toBeLessThanOrEqual(2);
    const outside = await call({ body: form({ image_file: photoBlob(), size: 'full', roi: '0px 0px 10px 10px' }) });
    expect(outside.res.status).toBe(400);
    expect((outside.json!.errors as Json[])[0]!.code).toBe('unknown_foreground');

    const alpha = await call({ body: form({ image_file: photoBlob(), size: 'full', channels: 'alpha' }) });
    expect((await sharp(alpha.body).metadata()).channels).toBe(1);
    const mask = await sharp(alpha.body).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
    expect(mask.data[0]).toBe(0);
    expect(mask.data[Math.floor(height / 2) * width + Math.floor(width / 2)]).toBe(255);

    const blue = await call({ body: form({ image_file: photoBlob(), size: 'full', bg_color: '0000ff' }) });
    expect(blue.res.headers.get('content-type')).toContain('image/jpeg'); // auto: opaque → JPG
    const corner = await sharp(blue.body).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect(corner[2]).toBeGreaterThan(200);
    expect(corner[0]).toBeLessThan(40);

    const red = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const withBg = await call({
      body: form({ image_file: photoBlob(), size: 'full', format: 'png', bg_image_file: new Blob([new Uint8Array(red)], { type: 'image/png' }) }),
    });
    const px = await sharp(withBg.body).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect([px[0]! > 200, px[1]! < 40]).toEqual([true, true]);
  }, 600_000);

  it("records the key's last use, and a revoked key is refused", async () => {
    const list = ((await account('list')).data as { keys: Json[] }).keys;
    expect(list[0]!.lastUsedAt).not.toBeNull();
    expect((await account('revoke', { id: keyId })).resultCode).toBe(100);
    const after = await call({ body: form({ image_file: photoBlob() }) });
    expect(after.res.status).toBe(403);
  });
});

describe("personal mode: no key needed, nothing charged; rembg's /api/remove; the per-caller rate limit", () => {
  let store: Awaited<ReturnType<typeof target.make>>;
  let server: TestServer;
  let base: string;
  let photo: Buffer;

  beforeAll(async () => {
    photo = await readPhoto('chelsea');
    store = await target.make();
    server = await startTestServer(store, {
      workers: 1,
      processors: { removebg: ellipseCutout },
      accounts: { billing: false },
      limits: { ...NO_LIMITS, apiKeyCalls: 3 },
    });
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    await store?.cleanup();
  });

  it('answers without a key and charges 0; rembg clients get a PNG (om=true: the mask); the fourth call in a window is 429 with Retry-After', async () => {
    const f = new FormData();
    f.append('image_file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'cat.jpg');
    const first = await fetch(`${base}/v1.0/removebg`, { method: 'POST', body: f });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-credits-charged')).toBe('0');
    expect(first.headers.get('x-ratelimit-limit')).toBe('3');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('2');

    const r = new FormData();
    r.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'cat.jpg');
    r.append('om', 'true');
    const rembg = await fetch(`${base}/api/remove`, { method: 'POST', body: r });
    expect(rembg.status).toBe(200);
    expect(rembg.headers.get('content-type')).toContain('image/png');
    expect((await sharp(Buffer.from(await rembg.arrayBuffer())).metadata()).channels).toBe(1);

    const account = await fetch(`${base}/v1.0/account`);
    expect(account.status).toBe(200);
    const limited = await fetch(`${base}/v1.0/account`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ errors: [expect.objectContaining({ code: 'rate_limit_exceeded' })] });
  });
});
