import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { ColorPanel } from './ColorPanel';
import { COLOR_PRESETS } from './options';

function Picker({ onChange }: { onChange(color: string): void }) {
  const [value, setValue] = useState('#FFFFFF');
  return (
    <ColorPanel
      value={value}
      onChange={(color) => {
        setValue(color);
        onChange(color);
      }}
    />
  );
}

describe('ColorPanel', () => {
  test('a swatch press picks its colour and shows as pressed; the hex field follows', async () => {
    const onChange = vi.fn();
    const screen = await render(<Picker onChange={onChange} />);
    const preset = COLOR_PRESETS.find((candidate) => candidate.color.toUpperCase() !== '#FFFFFF') ?? COLOR_PRESETS[0];
    const swatch = screen.getByTestId(`changebg.color.${preset.key}`);
    await userEvent.click(swatch);
    expect(onChange).toHaveBeenLastCalledWith(preset.color);
    await expect.element(swatch).toHaveAttribute('aria-pressed', 'true');
    await expect.element(screen.getByTestId('changebg.color.hex')).toHaveValue(preset.color);
  });

  test('a typed hex colour is taken once valid; an invalid one is said so and changes nothing', async () => {
    const onChange = vi.fn();
    const screen = await render(<Picker onChange={onChange} />);
    const hex = screen.getByTestId('changebg.color.hex');
    await userEvent.clear(hex);
    await userEvent.type(hex, '#12zz');
    await expect.element(hex).toHaveAttribute('aria-invalid', 'true');
    await expect.element(screen.getByText('Enter a colour as #RRGGBB or #RRGGBBAA.')).toBeVisible();
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.clear(hex);
    await userEvent.type(hex, '#1a2b3c');
    expect(onChange).toHaveBeenLastCalledWith('#1A2B3C');
    await expect.element(hex).toHaveAttribute('aria-invalid', 'false');
  });
});
