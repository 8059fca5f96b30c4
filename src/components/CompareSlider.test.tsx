import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { CompareSlider } from './CompareSlider';

/** A 400×300 picture as a data URL: the slider needs images with a size, not their content. */
const PIXEL = 'data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="teal"/></svg>';

describe('CompareSlider', () => {
  test('the divider starts in the middle and follows the arrow keys, Home and End', async () => {
    const screen = await render(
      <div style={{ width: 400 }}>
        <CompareSlider beforeUrl={PIXEL} afterUrl={PIXEL} />
      </div>,
    );
    const slider = screen.getByRole('slider', { name: 'Before and after divider' });
    await expect.element(slider).toHaveAttribute('aria-valuenow', '50');
    await userEvent.click(slider);
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(slider).toHaveAttribute('aria-valuenow', '55');
    await userEvent.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    await expect.element(slider).toHaveAttribute('aria-valuenow', '45');
    await userEvent.keyboard('{End}');
    await expect.element(slider).toHaveAttribute('aria-valuenow', '100');
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(slider).toHaveAttribute('aria-valuenow', '100');
    await userEvent.keyboard('{Home}');
    await expect.element(slider).toHaveAttribute('aria-valuenow', '0');
  });

  test('a press on the picture moves the divider there and clips the original to its left', async () => {
    const screen = await render(
      <div style={{ width: 400 }}>
        <CompareSlider beforeUrl={PIXEL} afterUrl={PIXEL} />
      </div>,
    );
    // The original lies over the result, visible left of the divider: that is what the user presses.
    const original = screen.getByAltText('Your original image');
    await expect.element(original).toBeVisible();
    const box = original.element().getBoundingClientRect();
    await userEvent.click(original, { position: { x: box.width * 0.25, y: box.height / 2 } });
    await expect.element(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', '25');
    const clippedRight = Number(getComputedStyle(original.element()).clipPath.match(/inset\(0px ([\d.]+)%/)?.[1]);
    expect(clippedRight).toBeCloseTo(75, 0);
  });

  test('without an original there is only the result, and no slider', async () => {
    const screen = await render(<CompareSlider beforeUrl={null} afterUrl={PIXEL} resultAlt="The result" />);
    await expect.element(screen.getByAltText('The result')).toBeVisible();
    expect(screen.container.querySelector('[role="slider"]')).toBeNull();
  });
});
