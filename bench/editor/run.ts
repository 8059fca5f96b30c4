/**
 * Editor benchmark in real Chromium (Debian's /usr/bin/chromium, headless) against the real server.
 *
 *   npm run bench:editor            (= node --import tsx bench/editor/run.ts)
 *   BENCH_LAYERS=50 BENCH_DRAG_STEPS=180 npm run bench:editor
 *
 * Prints:
 * 1. open: navigation start → the 50-layer project drawn (every layer node on the stage, every image decoded);
 * 2. drag: frame times (requestAnimationFrame deltas) while a layer is dragged across a 1920×1080 canvas
 *    shown at 100 % in a 1920×1080 window: median, p95, worst, and the frames over 16.7 ms;
 * 3. export: a 4096×4096 PNG of the same design through the app's own exporter (median of 3).
 * The last line, `BENCH_JSON {...}`, is for scripts. A missed target prints TARGET MISSED; exit code stays 0.
 * Builds the web app first when dist/ is missing (or BENCH_BUILD=1).
 */
import { startBenchSession } from '../shared/benchServer';
import { storeBenchProject } from './fixtureProject';
import { measureDrag, measureExport, measureIdle, waitForDrawnProject } from './pageProbes';

const PORT = Number(process.env.BENCH_PORT) || 4173;
const LAYERS = Number(process.env.BENCH_LAYERS) || 50;
const DEVICE_ID = 'bench-editor-device-0001';
const TARGETS = { openMs: 1000, dragP95Ms: 1000 / 60, export4096Ms: 2000 };

const verdict = (ok: boolean) => (ok ? 'ok' : 'TARGET MISSED');

async function main() {
  const session = await startBenchSession(PORT);
  const BASE = session.baseUrl;
  try {
    const doc = await storeBenchProject(BASE, DEVICE_ID, LAYERS);
    const page = await session.newPage({ width: 1920, height: 1080 }, DEVICE_ID);
    // First visit warms the HTTP cache (fonts, app bundle), as a returning user's browser would be.
    await page.goto(`${BASE}/en/create/edit?pid=${doc.projectId}`);
    await waitForDrawnProject(page, LAYERS);
    const opens: number[] = [];
    for (let run = 0; run < 3; run++) {
      await page.goto(`${BASE}/en/create/edit?pid=${doc.projectId}`);
      opens.push(await waitForDrawnProject(page, LAYERS));
    }
    const openMs = opens.sort((a, b) => a - b)[1];
    console.log(
      `open ${LAYERS}-layer project: ${opens.map((ms) => ms.toFixed(0)).join(' / ')} ms (median ${openMs.toFixed(0)} ms; target < ${TARGETS.openMs}) ${verdict(openMs < TARGETS.openMs)}`,
    );

    const idle = await measureIdle(page, 3000);
    console.log(
      `idle baseline (nothing moving): median ${idle.medianMs.toFixed(1)} ms, p95 ${idle.p95Ms.toFixed(1)} ms, ${idle.slowFrames}/${idle.frames} frames over 16.7 ms`,
    );
    const drag = await measureDrag(page, Number(process.env.BENCH_DRAG_STEPS) || 180);
    console.log(
      `drag on a 1920×1080 canvas: ${drag.frames} frames, median ${drag.medianMs.toFixed(1)} ms, p95 ${drag.p95Ms.toFixed(1)} ms, worst ${drag.worstMs.toFixed(1)} ms, ${drag.slowFrames} over 16.7 ms (≈${(1000 / drag.medianMs).toFixed(0)} fps) ${verdict(drag.p95Ms <= TARGETS.dragP95Ms + 0.5)}`,
    );

    const exports: number[] = [];
    let size = { width: 0, height: 0, bytes: 0 };
    for (let run = 0; run < 3; run++) {
      const result = await measureExport(page, 4096, 4096);
      exports.push(result.ms);
      size = result;
    }
    const exportMs = exports.sort((a, b) => a - b)[1];
    console.log(
      `export PNG ${size.width}×${size.height} (${(size.bytes / 1024 / 1024).toFixed(1)} MB): ${exports.map((ms) => ms.toFixed(0)).join(' / ')} ms (median ${exportMs.toFixed(0)} ms; target < ${TARGETS.export4096Ms}) ${verdict(exportMs < TARGETS.export4096Ms)}`,
    );
    console.log(`BENCH_JSON ${JSON.stringify({ layers: LAYERS, openMs, idle, drag, exportMs, exportSize: size })}`);
  } finally {
    await session.close();
  }
}

main().catch((error) => {
  console.error(`bench:editor: ${error instanceof Error ? error.stack : error}`);
  process.exit(1);
});
