/**
 * The slider preview as the editor does it: a photo layer's brightness changes (as one slider step
 * would write it) and the clock stops when the re-rendered layer is on the stage (the stage's effect
 * work tracker is idle and a frame has been drawn). The layer is selected first, as it is while its panel's
 * slider moves: with WebGL it previews through the live gl-react Surface at its size on screen, without
 * WebGL through the CPU renderer at its drawn size (long side ≤ 2048 px).
 */
import type { Page } from '@playwright/test';

/** Makes a page without WebGL (as on a browser or machine that has none): every WebGL context request fails. */
export async function withoutWebgl(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
      if (/webgl/i.test(kind)) return null;
      return (original as (...args: unknown[]) => RenderingContext | null).call(this, kind, ...rest);
    } as typeof original;
  });
}

/** Frame times (ms) of `steps` slider steps on the layer `layerId`, after one warm-up step. */
export async function sliderFrames(page: Page, layerId: string, steps: number): Promise<number[]> {
  return page.evaluate(
    async ({ id, count }) => {
      const editor = window.__editor!;
      const work = window.__stage!.getAttr('effectWork') as { whenIdle(timeoutMs?: number): Promise<void> };
      const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      const step = async (brightness: number) => {
        const layer = editor.getLayer(id)!;
        const started = performance.now();
        editor.updateLayers([{ layerId: id, adjustParams: { ...layer.adjustParams!, brightness } }]);
        await frame(); // React commits the change and the render starts
        await work.whenIdle(60_000);
        await frame(); // the new result is drawn
        return performance.now() - started;
      };
      // A slider moves in the panel of the selected layer: select it (the selected layer previews live).
      editor.select([id]);
      await frame();
      await work.whenIdle(60_000);
      await step(1);
      const times: number[] = [];
      for (let i = 0; i < count; i++) times.push(await step(2 + ((i * 7) % 40)));
      return times;
    },
    { id: layerId, count: steps },
  );
}

/** The size of the picture the layer `layerId` is drawn from on the stage (what the preview renders). */
export async function drawnPictureSize(page: Page, layerId: string): Promise<string> {
  return page.evaluate((id) => {
    const node = window.__stage!.findOne((n: { id(): string }) => n.id() === id) as unknown as
      | { image?: () => HTMLCanvasElement | HTMLImageElement | undefined }
      | undefined;
    const image = node?.image?.();
    if (!image) return 'none';
    const kind = image instanceof HTMLCanvasElement ? 'canvas' : 'image';
    return `${kind} ${image.width}×${image.height}`;
  }, layerId);
}
