import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../config';
import { PHOTOS } from '../../testing/testPhotos';
import { NSFW_MODEL_SIZE, NsfwClassifier, toModelInput, UndecodablePictureError } from './nsfwClassifier';
import { NSFW_CLASS_NAMES, PictureStatus, type NsfwProbabilities } from './pictureDecision';
import { createNsfwPictureReviewer } from './pictureReviewer';

/** Photos of people and things from the rembg test suite, when the shared fixtures are present. */
const REMBG_DIR = path.join(PROJECT_ROOT, '..', 'shared', 'fixtures', 'rembg');
const rembgPhotos = existsSync(REMBG_DIR)
  ? readdirSync(REMBG_DIR)
      .filter((f) => /\.(jpe?g|png)$/i.test(f))
      .map((f) => path.join(REMBG_DIR, f))
  : [];

/** A worker given as source text: stands in for the model to test failures without loading it. */
const fakeWorker = (body: string) => new URL(`data:text/javascript,${encodeURIComponent(`import { parentPort } from 'node:worker_threads';\n${body}`)}`);

const format = (p: NsfwProbabilities) => NSFW_CLASS_NAMES.map((c) => `${c} ${p[c].toFixed(3)}`).join(', ');

describe('toModelInput', () => {
  it('turns any picture into 299×299 RGB bytes, transparency shown on white', async () => {
    const transparent = await sharp({ create: { width: 40, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const pixels = await toModelInput(transparent);
    expect(pixels.length).toBe(NSFW_MODEL_SIZE * NSFW_MODEL_SIZE * 3);
    expect(pixels.every((v) => v === 255)).toBe(true);
  });

  it('refuses data that is not an image with UndecodablePictureError', async () => {
    await expect(toModelInput(Buffer.from('PK\u0003\u0004 not a picture'))).rejects.toBeInstanceOf(UndecodablePictureError);
  });
});

describe('NsfwClassifier worker handling (fake workers)', () => {
  const pixels = new Uint8Array(NSFW_MODEL_SIZE * NSFW_MODEL_SIZE * 3);

  it('rejects when the worker reports an error, and keeps serving later calls', async () => {
    const classifier = new NsfwClassifier({
      workerUrl: fakeWorker(`let n = 0; parentPort.on('message', (m) => parentPort.postMessage(++n === 1
        ? { id: m.id, error: 'model load failed' }
        : { id: m.id, probabilities: { Drawing: 0, Hentai: 0, Neutral: 1, Porn: 0, Sexy: 0 } }));`),
    });
    await expect(classifier.classifyPixels(pixels)).rejects.toThrow(/model load failed/);
    await expect(classifier.classifyPixels(pixels)).resolves.toMatchObject({ Neutral: 1 });
    await classifier.close();
  });

  it('fails a call whose worker dies, then starts a new worker for the next one', async () => {
    const classifier = new NsfwClassifier({
      workerUrl: fakeWorker(`parentPort.on('message', (m) => { if (m.pixels[0] === 1) process.exit(3);
        parentPort.postMessage({ id: m.id, probabilities: { Drawing: 0, Hentai: 0, Neutral: 0, Porn: 1, Sexy: 0 } }); });`),
    });
    const poison = pixels.slice();
    poison[0] = 1;
    await expect(classifier.classifyPixels(poison)).rejects.toThrow(/exited \(code 3\)/);
    await expect(classifier.classifyPixels(pixels)).resolves.toMatchObject({ Porn: 1 });
    await classifier.close();
  });

  it('gives up on a worker that hangs, and the next call gets a fresh one', async () => {
    const classifier = new NsfwClassifier({
      timeoutMs: 300,
      // A busy loop: this worker can never answer again, only a new one can.
      workerUrl: fakeWorker(`parentPort.on('message', (m) => { if (m.pixels[0] === 1) for (;;);
        parentPort.postMessage({ id: m.id, probabilities: { Drawing: 1, Hentai: 0, Neutral: 0, Porn: 0, Sexy: 0 } }); });`),
    });
    const poison = pixels.slice();
    poison[0] = 1;
    await expect(classifier.classifyPixels(poison)).rejects.toThrow(/no answer within 300 ms/);
    await expect(classifier.classifyPixels(pixels)).resolves.toMatchObject({ Drawing: 1 });
    await classifier.close();
  });

  it('runs queued calls one at a time, in order, each getting its own answer', async () => {
    const classifier = new NsfwClassifier({
      workerUrl: fakeWorker(`let busy = false; parentPort.on('message', (m) => {
        if (busy) throw new Error('two calls at once'); busy = true;
        setTimeout(() => { busy = false; parentPort.postMessage({ id: m.id,
          probabilities: { Drawing: m.pixels[0] / 100, Hentai: 0, Neutral: 0, Porn: 0, Sexy: 0 } }); }, 20); });`),
    });
    const inputs = [1, 2, 3, 4].map((v) => {
      const p = pixels.slice();
      p[0] = v;
      return p;
    });
    const results = await Promise.all(inputs.map((p) => classifier.classifyPixels(p)));
    expect(results.map((r) => r.Drawing)).toEqual([0.01, 0.02, 0.03, 0.04]);
    await classifier.close();
  });
});

describe('nsfwjs InceptionV3 on real photos (loads the 30 MB model)', () => {
  const reviewer = createNsfwPictureReviewer();
  afterAll(() => reviewer.close());

  it('passes ordinary photos of people, animals and things, without blocking the event loop', async () => {
    const rssBefore = process.memoryUsage().rss;
    const started = Date.now();
    const files = [PHOTOS.astronaut, PHOTOS.coffee, PHOTOS.chelsea, ...rembgPhotos];

    // Watch the event loop while the model loads and runs: it must stay responsive.
    // Counted, not timed: a 5 ms ticker on this thread turns over while the model runs. Were the
    // inference on this thread, each review would block it and the ticker could fire at most once.
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    const ticksPerReview: number[] = [];
    try {
      for (const file of files) {
        const ticksBefore = ticks;
        const verdict = await reviewer.review(await readFile(file));
        ticksPerReview.push(ticks - ticksBefore);
        console.log(`${path.basename(file)}: status ${verdict.status}; ${format(verdict.probabilities)} (${ticksPerReview.at(-1)} ticks)`);
        const sum = NSFW_CLASS_NAMES.reduce((s, c) => s + verdict.probabilities[c], 0);
        expect(sum).toBeCloseTo(1, 3);
        expect(verdict.status, path.basename(file)).toBe(PictureStatus.PASSED);
      }
    } finally {
      clearInterval(ticker);
    }
    const photoNeutral = await reviewer.review(await readFile(PHOTOS.coffee));
    expect(photoNeutral.probabilities.Neutral).toBeGreaterThan(0.9);

    const rssMb = Math.round(process.memoryUsage().rss / 1e6);
    console.log(
      `${files.length} photos in ${Date.now() - started} ms; rss ${Math.round(rssBefore / 1e6)} → ${rssMb} MB; ticks per review ${ticksPerReview.join(', ')}`,
    );
    // Inference runs in the worker: the event loop turned over several times during every review.
    expect(Math.min(...ticksPerReview.slice(1))).toBeGreaterThanOrEqual(3);
  }, 180_000);
});
