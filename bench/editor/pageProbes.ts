/**
 * What the editor bench measures inside the page, through the test handle (window.__editor,
 * window.__stage, window.__exportProject; src/editor/testing/exposeTestHandle.ts).
 */
import type { Page } from '@playwright/test';

/** Waits until every visible layer has its node on the stage and every image is decoded; returns ms since navigation start. */
export async function waitForDrawnProject(page: Page, minLayers: number): Promise<number> {
  const handle = await page.waitForFunction(
    (count) => {
      const editor = window.__editor;
      const stage = window.__stage;
      if (!editor || !stage) return false;
      const layers = editor.getProject().layers.filter((layer) => layer.visible);
      if (layers.length < count) return false;
      for (const layer of layers) {
        const node = stage.findOne(`#${layer.layerId}`);
        if (!node) return false;
        if (layer.valueType === 'img') {
          const image = (node as unknown as { image?: () => HTMLImageElement | undefined }).image?.();
          if (!image || (image instanceof HTMLImageElement && (!image.complete || image.naturalWidth === 0))) return false;
        }
      }
      return document.fonts.status === 'loaded' ? performance.now() : false;
    },
    minLayers,
    { timeout: 60_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

export interface DragStats {
  frames: number;
  medianMs: number;
  p95Ms: number;
  worstMs: number;
  slowFrames: number;
}

/** Drags the topmost photo layer in `steps` pointer moves and records the frame times meanwhile. */
export async function measureDrag(page: Page, steps: number): Promise<DragStats> {
  const start = await page.evaluate(() => {
    const editor = window.__editor!;
    const stage = window.__stage!;
    const layer = [...editor.getProject().layers].reverse().find((candidate) => candidate.valueType === 'img' && candidate.layerId !== 'bgLayer')!;
    const box = stage.findOne(`#${layer.layerId}`)!.getClientRect();
    const origin = stage.container().getBoundingClientRect();
    return { x: origin.left + box.x + box.width / 2, y: origin.top + box.y + box.height / 2 };
  });
  await page.evaluate(() => {
    const times: number[] = [];
    (window as unknown as { __frames: number[] }).__frames = times;
    const tick = (now: number) => {
      times.push(now);
      if ((window as unknown as { __frames?: number[] }).__frames === times) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    await page.mouse.move(start.x + Math.sin(t * Math.PI * 2) * 400, start.y + Math.sin(t * Math.PI) * 200);
    if (i % 3 === 0) await page.evaluate(() => new Promise(requestAnimationFrame));
  }
  await page.mouse.up();
  const times = await page.evaluate(() => {
    const recorded = (window as unknown as { __frames: number[] }).__frames;
    delete (window as unknown as { __frames?: number[] }).__frames;
    return recorded;
  });
  return frameStats(times.slice(1).map((time, i) => time - times[i]));
}

/** Frame times of the page doing nothing for `ms` (the machine's baseline: a headless, software-rendered Chromium). */
export async function measureIdle(page: Page, ms: number): Promise<DragStats> {
  const deltas = await page.evaluate(
    (duration) =>
      new Promise<number[]>((resolve) => {
        const times: number[] = [];
        const tick = (now: number) => {
          times.push(now);
          if (now - times[0] < duration) requestAnimationFrame(tick);
          else resolve(times.slice(1).map((time, i) => time - times[i]));
        };
        requestAnimationFrame(tick);
      }),
    ms,
  );
  return frameStats(deltas);
}

function frameStats(unsorted: number[]): DragStats {
  const deltas = [...unsorted].sort((a, b) => a - b);
  const at = (q: number) => deltas[Math.min(deltas.length - 1, Math.floor(q * deltas.length))];
  return {
    frames: deltas.length,
    medianMs: at(0.5),
    p95Ms: at(0.95),
    worstMs: deltas[deltas.length - 1],
    slowFrames: deltas.filter((d) => d > 1000 / 60 + 0.5).length,
  };
}

/** Exports the open design as a PNG of width×height; returns the time and the file's size. */
export async function measureExport(page: Page, width: number, height: number) {
  return page.evaluate(
    async ({ w, h }) => {
      const editor = window.__editor!;
      const started = performance.now();
      const blob = await window.__exportProject!(editor.getProject(), editor.assets, { format: 'png', width: w, height: h });
      const ms = performance.now() - started;
      const bitmap = await createImageBitmap(blob);
      return { ms, bytes: blob.size, width: bitmap.width, height: bitmap.height };
    },
    { w: width, h: height },
  );
}
