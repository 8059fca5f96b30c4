import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTOS } from '../server/src/testing/testPhotos';
import { databaseTargets } from '../server/src/testing/testDatabases';
import { invertProcessor, startTestServer, type TestServer } from '../server/src/testing/testServer';
import { parseRemoveBgArgs, runRemoveBg } from './removebgCommand';

const target = databaseTargets()[0]!;

describe('photo-studio removebg: the remove.bg-compatible API of a server, over HTTP', () => {
  let store: Awaited<ReturnType<typeof target.make>>;
  let server: TestServer;
  let base: string;
  let out: string;
  beforeAll(async () => {
    store = await target.make();
    server = await startTestServer(store, { workers: 1, processors: { removebg: invertProcessor }, accounts: { billing: false } });
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    out = await mkdtemp(path.join(tmpdir(), 'cli-removebg-'));
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    await store?.cleanup();
    await rm(out, { recursive: true, force: true });
  });

  const run = async (args: string[]) => {
    const log = new PassThrough();
    let text = '';
    log.on('data', (c) => (text += c));
    const code = await runRemoveBg(parseRemoveBgArgs(args, {}), log);
    return { code, text };
  };

  it('writes <name>-no-bg.<ext> in the asked format (personal mode: no key needed, 0 credits)', async () => {
    const { code, text } = await run([PHOTOS.chelsea, '-o', out, '--server', base, '--format', 'jpg']);
    expect(code).toBe(0);
    expect(text).toContain('1 of 1 done, 0 credit(s) charged');
    expect((await sharp(await readFile(path.join(out, 'chelsea-no-bg.jpg'))).metadata()).format).toBe('jpeg');
  });

  it("a wrong key fails with the server's remove.bg error, exit code 1", async () => {
    const { code, text } = await run([PHOTOS.chelsea, '-o', out, '--server', base, '--key', 'lc_wrong']);
    expect(code).toBe(1);
    expect(text).toContain('(auth_failed)');
  });

  it('refuses unknown options and a call without photos', () => {
    expect(() => parseRemoveBgArgs(['--bogus'], {})).toThrow(/unknown option/);
    expect(() => parseRemoveBgArgs([], {})).toThrow(/at least one photo/);
    expect(parseRemoveBgArgs(['a.jpg', '--key', 'k', '--crop', '--bg-color', 'fff'], {})).toMatchObject({
      key: 'k',
      fields: { size: 'auto', crop: 'true', bg_color: 'fff' },
    });
  });
});
