/**
 * The command-line tool against a real server started by the test (`npm run server` in its own process,
 * real processors: the sharp resizer and the IS-Net background remover): a folder of real photos with a
 * nested folder, a duplicate name, a file that is not a photo and a damaged "photo" goes in; the results
 * come out under their original names with the tool's suffix, the damaged one is reported with its reason.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../server/src/config';
import { PHOTOS } from '../server/src/testing/testPhotos';
import { BatchClient } from './batchClient';
import { collectInputs, parseArgs } from './main';
import { progressLine } from './progress';

let dir: string;
let server: ChildProcess;
let base: string;

function runCli(args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'bin/photo-studio.mjs'), ...args], {
      cwd: dir,
      env: { ...process.env, PHOTO_STUDIO_URL: base, PHOTO_STUDIO_DEVICE: 'cli_test_device_0123456789abcdef' },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d));
    child.stderr.on('data', (d: Buffer) => (output += d));
    child.on('exit', (code) => resolve({ code: code ?? -1, output }));
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'photo-studio-cli-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'server/src/main.ts')], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: '',
      WORKERS: '2',
      LOG_LEVEL: 'warn',
      FREE_DAILY_CREDITS: '1000',
    },
    stdio: 'ignore',
  });
  const photos = path.join(dir, 'photos');
  await mkdir(path.join(photos, 'more'), { recursive: true });
  await copyFile(PHOTOS.chelsea, path.join(photos, 'chelsea.jpg'));
  await copyFile(PHOTOS.coffee, path.join(photos, 'coffee.jpg'));
  await copyFile(PHOTOS.astronaut, path.join(photos, 'more', 'chelsea.jpg')); // same name in a sub-folder
  await writeFile(path.join(photos, 'notes.txt'), 'not a photo');
  await writeFile(path.join(photos, 'broken.jpg'), 'this is no JPEG');
  for (let i = 0; i < 120; i++) {
    if (
      await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start in 60 s');
}, 90_000);

afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  if (server && server.exitCode === null) server.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

describe('photo-studio batch', () => {
  it('resizes a folder: originals named with a suffix, duplicates distinct, the bad photo reported', async () => {
    const { code, output } = await runCli([
      'batch',
      'resize',
      'photos',
      '-o',
      'out',
      '--set',
      'mode=longestSide',
      '--set',
      'longestSide=120',
      '--set',
      'format=png',
    ]);
    expect(output).toContain('left out 1 file(s) that are not photos or ZIPs');
    expect(output).toMatch(/\[#+\] 100%\s+4\/4 done, 1 failed/);
    expect(output).toMatch(/failed: broken\.jpg: .+ \(-102\)/);
    expect(code).toBe(1);
    const files = (await readdir(path.join(dir, 'out'))).sort();
    expect(files).toEqual(['chelsea-resized-2.png', 'chelsea-resized.png', 'coffee-resized.png']);
    for (const f of files) {
      const meta = await sharp(path.join(dir, 'out', f)).metadata();
      expect([meta.format, Math.max(meta.width!, meta.height!)]).toEqual(['png', 120]);
    }
  }, 120_000);

  it('removes the background of real photos and saves the batch ZIP', async () => {
    await rm(path.join(dir, 'photos', 'broken.jpg'));
    await rm(path.join(dir, 'photos', 'more'), { recursive: true });
    const { code, output } = await runCli(['batch', 'removebg', 'photos', '-o', 'cutouts', '--zip']);
    expect(output).toContain('saved 2 result(s) in cutouts/batch-removebg-');
    expect(code).toBe(0);
    const [zip] = await readdir(path.join(dir, 'cutouts'));
    expect(zip).toMatch(/^batch-removebg-[0-9a-f]{8}\.zip$/);
    const { default: JSZip } = await import('jszip');
    const archive = await JSZip.loadAsync(await import('node:fs/promises').then((fs) => fs.readFile(path.join(dir, 'cutouts', zip))));
    expect(Object.keys(archive.files).sort()).toEqual(['chelsea-nobg.png', 'coffee-nobg.png']);
    // A real cut-out: transparent corners, an opaque middle (the cat, the cup).
    for (const name of Object.keys(archive.files)) {
      const { data, info } = await sharp(await archive.file(name)!.async('nodebuffer'))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const alpha = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
      expect(alpha(0, 0)).toBeLessThan(50);
      expect(alpha(Math.floor(info.width / 2), Math.floor(info.height / 2))).toBeGreaterThan(200);
    }
  }, 240_000);

  it('sends the same photos and the same ZIP twice to one batch without adding any twice (a retried upload)', async () => {
    const client = new BatchClient({ server: base, deviceId: 'cli_test_device_0123456789abcdef' });
    const { batchId } = await client.create('resize', { mode: 'percentage', percent: 50 } as never);
    const { photos } = await collectInputs([path.join(dir, 'photos')]);
    expect(photos.length).toBeGreaterThan(0);
    const first = await client.addFiles(batchId, photos);
    const again = await client.addFiles(batchId, photos);
    expect(again.items.map((i) => i.itemId)).toEqual(first.items.map((i) => i.itemId));
    expect(again.batch.counts.total).toBe(photos.length);
    const { default: JSZip } = await import('jszip');
    const zip = new JSZip();
    zip.file('shop/cup.jpg', await readFile(PHOTOS.coffee));
    const zipPath = path.join(dir, 'shop.zip');
    await writeFile(zipPath, await zip.generateAsync({ type: 'nodebuffer' }));
    await client.addZip(batchId, { path: zipPath, name: 'shop.zip' });
    expect((await client.addZip(batchId, { path: zipPath, name: 'shop.zip' })).batch.counts.total).toBe(photos.length + 1);
  }, 60_000);

  it('explains mistakes in the arguments', async () => {
    expect(() => parseArgs(['sharpen', 'x'])).toThrow('unknown tool "sharpen": use one of enhance, removebg, changebg, resize');
    expect(() => parseArgs(['resize'])).toThrow('name at least one folder, photo or ZIP');
    expect(parseArgs(['changebg', 'a', '--set', 'shadow=true'], {}).settings).toEqual({ shadow: true, bgType: 'color', color: '#FFFFFF' });
    const { code, output } = await runCli(['batch', 'resize', 'photos', '--set', 'mode=exact']);
    expect(code).toBe(2);
    expect(output).toContain('photo-studio: exact size needs width, height or both');
    expect(
      progressLine({ progress: 0.5, state: 'running', counts: { total: 4, completed: 2, failed: 0, processing: 2, retry: 0, user_upload: 0 } } as never, 10),
    ).toBe('[############------------]  50%  2/4 done, 2 processing, about 10s left');
  });
});
