import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { ResizeBatchSettings } from '../../../../engine/spec/batch';
import { ResizeSettingsForm } from './ResizeSettingsForm';

/** The form with its settings held as the batch panel holds them: each change is a patch on the last value. */
function Form({ initial = { mode: 'exact', width: 800, height: 600 } as ResizeBatchSettings, disabled = false }) {
  const [value, setValue] = useState<ResizeBatchSettings>(initial);
  return (
    <>
      <ResizeSettingsForm value={value} onChange={(patch) => setValue((last) => ({ ...last, ...patch }))} disabled={disabled} idPrefix="t" />
      <output data-testid="settings">{JSON.stringify(value)}</output>
    </>
  );
}

const settings = (screen: Awaited<ReturnType<typeof render>>) => JSON.parse(screen.getByTestId('settings').element().textContent ?? '{}');

describe('ResizeSettingsForm', () => {
  test('each mode shows only its own fields', async () => {
    const screen = await render(<Form />);
    await expect.element(screen.getByLabelText('Width (px)')).toBeVisible();
    await expect.element(screen.getByLabelText('Keep aspect ratio')).toBeChecked();
    // With the aspect kept there is nothing to fit: the fit choice appears only once it is unticked.
    await expect.element(screen.getByTestId('batch.resize.fit')).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Keep aspect ratio'));
    await expect.element(screen.getByTestId('batch.resize.fit')).toBeVisible();

    await userEvent.click(screen.getByText('Percentage', { exact: true }));
    await expect.element(screen.getByLabelText('Percentage of the original size')).toBeVisible();
    await expect.element(screen.getByLabelText('Width (px)')).not.toBeInTheDocument();
    await userEvent.fill(screen.getByLabelText('Percentage of the original size'), '50');
    expect(settings(screen)).toMatchObject({ mode: 'percentage', percent: 50 });
  });

  test('a marketplace preset keeps the whole product (Fit), a social one fills its frame (Crop), and the size is said', async () => {
    const screen = await render(<Form />);
    await userEvent.click(screen.getByText('Marketplace or social preset'));
    await expect.element(screen.getByTestId('batch.resize.presetSize')).toHaveTextContent('Choose a preset');

    await userEvent.click(screen.getByTestId('batch.resize.preset.shopify'));
    await expect.element(screen.getByTestId('batch.resize.presetSize')).toHaveTextContent('Shopify product · 2048 × 2048 px');
    await expect.element(screen.getByTestId('batch.resize.fit.fit').getByRole('radio')).toBeChecked();

    await userEvent.click(screen.getByTestId('batch.resize.preset.instagram-square'));
    await expect.element(screen.getByTestId('batch.resize.fit.crop').getByRole('radio')).toBeChecked();

    // A fit the user picks wins over the preset's default, until the next preset brings its own.
    await userEvent.click(screen.getByTestId('batch.resize.fit.fit'));
    expect(settings(screen)).toMatchObject({ presetId: 'instagram-square', fit: 'fit' });
    await userEvent.click(screen.getByTestId('batch.resize.preset.amazon'));
    expect(settings(screen).fit).toBeUndefined();
    await expect.element(screen.getByTestId('batch.resize.fit.fit').getByRole('radio')).toBeChecked();
  });

  test('quality is asked for only where the format is lossy', async () => {
    const screen = await render(<Form />);
    const format = screen.getByLabelText('Format');
    await expect.element(format).toHaveValue('original');
    await expect.element(screen.getByLabelText('Quality (1–100)')).toBeVisible();
    await userEvent.selectOptions(format, 'png');
    await expect.element(screen.getByLabelText('Quality (1–100)')).not.toBeInTheDocument();
    await userEvent.selectOptions(format, 'webp');
    await userEvent.fill(screen.getByLabelText('Quality (1–100)'), '70');
    expect(settings(screen)).toMatchObject({ format: 'webp', quality: 70 });
  });

  test('while a batch runs, nothing can be changed', async () => {
    const screen = await render(<Form disabled />);
    await expect.element(screen.getByLabelText('Width (px)')).toBeDisabled();
    await expect.element(screen.getByLabelText('Format')).toBeDisabled();
    for (const radio of screen.getByTestId('batch.resize.mode').getByRole('radio').all()) await expect.element(radio).toBeDisabled();
  });
});
