/**
 * Reading the live editor from an end-to-end test: the document (through the test handle that
 * `lumacut.testHandle` turns on) and where a layer is drawn on screen (through the Konva stage).
 */
import type { Page } from '@playwright/test';
import type { Project } from '../../engine/doc/types';

/** The open project's document, as the editor holds it now. */
export const project = (page: Page) => page.evaluate(() => window.__editor!.getProject()) as Promise<Project>;
export const layerCount = async (page: Page) => (await project(page)).layers.length;
export const topLayer = async (page: Page) => (await project(page)).layers.at(-1)!;

/** Where a layer's node is on screen (centre), from the live Konva stage. */
export async function screenCentre(page: Page, layerId: string): Promise<{ x: number; y: number }> {
  return page.evaluate((id) => {
    const stage = window.__stage!;
    const box = stage.findOne(`#${id}`)!.getClientRect();
    const origin = stage.container().getBoundingClientRect();
    return { x: origin.left + box.x + box.width / 2, y: origin.top + box.y + box.height / 2 };
  }, layerId);
}

/**
 * On My projects, the natural width of project `pid`'s thumbnail after a reload (0 while it has none).
 * The list loads after the page, so the card is read once the grid is there (a busy server answers slower).
 */
export async function projectThumbnailWidth(page: Page, pid: string): Promise<number> {
  await page.reload();
  await page
    .getByTestId('projects.grid')
    .waitFor({ timeout: 20_000 })
    .catch(() => undefined);
  const thumb = page.getByTestId(`projects.item.${pid}`).locator('img');
  if (!(await thumb.count())) return 0;
  return thumb.evaluate((img: HTMLImageElement) =>
    img.complete
      ? img.naturalWidth
      : new Promise<number>((resolve) => {
          img.onload = () => resolve(img.naturalWidth);
          img.onerror = () => resolve(0);
        }),
  );
}
