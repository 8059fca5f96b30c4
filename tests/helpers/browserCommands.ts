/**
 * Browser commands of the `components` Vitest project: what `userEvent` cannot do in the page, done by
 * Playwright from outside, as a user's hand would.
 */
import type { BrowserCommand } from 'vitest/node';

interface Point {
  x: number;
  y: number;
}

/**
 * A mouse drag through `points` (coordinates in the test page's viewport, as getBoundingClientRect gives
 * them): press at the first, move through the others in small steps, release at the last.
 */
const mouseDrag: BrowserCommand<[points: Point[]]> = async (context, points) => {
  const frame = await context.frame();
  const element = await frame.frameElement();
  const box = await element.boundingBox();
  if (!box) throw new Error('the test page has no box');
  // Vitest may scale the test page's iframe to fit the window.
  const innerWidth = await frame.evaluate(() => window.innerWidth);
  const scale = box.width / innerWidth;
  const at = (point: Point) => ({ x: box.x + point.x * scale, y: box.y + point.y * scale });
  const [first, ...rest] = points.map(at);
  const mouse = context.page.mouse;
  await mouse.move(first.x, first.y);
  await mouse.down();
  for (const point of rest) await mouse.move(point.x, point.y, { steps: 4 });
  await mouse.up();
};

export const browserCommands = { mouseDrag };

declare module 'vitest/browser' {
  interface BrowserCommands {
    mouseDrag(points: Point[]): Promise<void>;
  }
}
