/**
 * The CLI's client retries what is safe to send again, with the same photo keys each time: a stand-in
 * server drops the first upload's connection (a network blip, a restart) and answers the second.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiFailure, BatchClient, fileKey } from './batchClient';

let dir: string;
let server: Server;
let base: string;
/** What each request to the stand-in carried: its path and the `keys` field of a multipart body. */
let seen: Array<{ url: string; keys: string | null }> = [];
/** How many of the next requests have their connection cut before any reply. */
let dropNext = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'photo-studio-client-'));
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString('latin1')));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', keys: /name="keys"\r\n\r\n(.*?)\r\n/.exec(body)?.[1] ?? null });
      if (dropNext > 0) {
        dropNext -= 1;
        req.socket.destroy();
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ resultCode: 100, msg: 'success', data: { items: [], skipped: [], batch: {} } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  await rm(dir, { recursive: true, force: true });
});

describe('BatchClient', () => {
  const client = () => new BatchClient({ server: base, deviceId: 'cli_test_device', retryPauseMs: 10 });

  it('sends an upload again after a dropped connection, with the same key per photo', async () => {
    const a = path.join(dir, 'a.jpg');
    await writeFile(a, 'photo a');
    seen = [];
    dropNext = 2;
    const key = fileKey({ path: a, size: 7, mtimeMs: 1 });
    await client().addFiles('b1', [{ path: a, name: 'a.jpg', key }]);
    expect(seen.map((s) => s.url)).toEqual(['/api/batch/b1/items', '/api/batch/b1/items', '/api/batch/b1/items']);
    expect(new Set(seen.map((s) => s.keys))).toEqual(new Set([JSON.stringify([key])]));
  });

  it('gives up after three retries, and never retries creating a batch (a second batch would be made)', async () => {
    seen = [];
    dropNext = 10;
    await expect(client().status('b1')).rejects.toMatchObject({ code: -1000 });
    expect(seen).toHaveLength(4);
    seen = [];
    await expect(client().create('resize', { mode: 'percentage', percent: 50 } as never)).rejects.toBeInstanceOf(ApiFailure);
    expect(seen).toHaveLength(1);
    dropNext = 0;
  });

  it('keys a file by its path, size and modification time', async () => {
    const b = path.join(dir, 'b.jpg');
    await writeFile(b, 'photo b');
    const same = fileKey({ path: b, size: 7, mtimeMs: 1000 });
    expect(same).toMatch(/^cli_[0-9a-f]{40}$/);
    expect(fileKey({ path: path.relative(process.cwd(), b), size: 7, mtimeMs: 1000 })).toBe(same);
    expect(fileKey({ path: b, size: 8, mtimeMs: 1000 })).not.toBe(same);
    expect(fileKey({ path: b, size: 7, mtimeMs: 2000 })).not.toBe(same);
    expect(fileKey({ path: path.join(dir, 'c.jpg'), size: 7, mtimeMs: 1000 })).not.toBe(same);
  });
});
