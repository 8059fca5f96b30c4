import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { CUSTOM_MAX_SIDE, PRESET_RATIOS, type RatioChoice, type Size } from './frameGeometry';
import { RatioPicker } from './RatioPicker';

const PHOTO: Size = { width: 800, height: 600 };

function Picker({ disabled = false }: { disabled?: boolean }) {
  const [choice, setChoice] = useState<RatioChoice>(PRESET_RATIOS[0]);
  const [custom, setCustom] = useState<Size>(PHOTO);
  return (
    <>
      <RatioPicker choice={choice} custom={custom} photo={PHOTO} disabled={disabled} onChoice={setChoice} onCustom={setCustom} />
      <output data-testid="frame">{choice === 'custom' ? `${custom.width}×${custom.height}` : choice}</output>
    </>
  );
}

describe('RatioPicker', () => {
  test('the ratios are one radio group: a press checks one and only one', async () => {
    const screen = await render(<Picker />);
    const group = screen.getByRole('radiogroup');
    expect(group.getByRole('radio').all()).toHaveLength(PRESET_RATIOS.length + 1);
    const last = PRESET_RATIOS[PRESET_RATIOS.length - 1];
    await userEvent.click(screen.getByRole('radio', { name: last }));
    await expect.element(screen.getByRole('radio', { name: last })).toHaveAttribute('aria-checked', 'true');
    await expect.element(screen.getByRole('radio', { name: PRESET_RATIOS[0] })).toHaveAttribute('aria-checked', 'false');
    await expect.element(screen.getByTestId('frame')).toHaveTextContent(last);
  });

  test('Custom shows width and height, bounded by the photo and the SPEC maximum, with the allowed range said', async () => {
    const screen = await render(<Picker />);
    await userEvent.click(screen.getByTestId('extender.ratio.custom'));
    const width = screen.getByTestId('extender.width');
    await expect.element(width).toHaveAttribute('min', String(PHOTO.width));
    await expect.element(width).toHaveAttribute('max', String(CUSTOM_MAX_SIDE));
    await expect
      .element(screen.getByText(`At least ${PHOTO.width} × ${PHOTO.height} px (the photo), at most ${CUSTOM_MAX_SIDE}`, { exact: false }))
      .toBeVisible();
    await userEvent.fill(width, '1200');
    await expect.element(screen.getByTestId('frame')).toHaveTextContent('1200×600');
  });

  test('while the photo is being extended, no choice can be changed', async () => {
    const screen = await render(<Picker disabled />);
    for (const radio of screen.getByRole('radio').all()) await expect.element(radio).toBeDisabled();
  });
});
