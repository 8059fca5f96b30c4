import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { IdPhotoOutput } from '../../../../engine/idphoto/params';
import type { IdPhotoTemplate } from '../../../../engine/idphoto/template';
import { ID_PHOTO_TEMPLATES } from '../../../../engine/idphoto/templates';
import { TemplateOptions } from './TemplateOptions';

/** A template with a choice of background colours, as most have. */
const SEVERAL_COLOURS = ID_PHOTO_TEMPLATES.find((t) => t.limitBgColors.length >= 2) as IdPhotoTemplate;
/** One that forbids retouching (the US rules). */
const NO_RETOUCH = ID_PHOTO_TEMPLATES.find((t) => !t.retouchAllowed) as IdPhotoTemplate;

function Options({ template, withOutput = true }: { template: IdPhotoTemplate; withOutput?: boolean }) {
  const [bgColor, setBgColor] = useState(template.limitBgColors[0]);
  const [output, setOutput] = useState<IdPhotoOutput>('photo');
  return (
    <>
      <TemplateOptions template={template} bgColor={bgColor} onBgColor={setBgColor} output={output} onOutput={withOutput ? setOutput : undefined} />
      <output data-testid="chosen">{`${bgColor} ${output}`}</output>
    </>
  );
}

describe('TemplateOptions', () => {
  test('the allowed background colours are one radio group: a press picks one and only one', async () => {
    const screen = await render(<Options template={SEVERAL_COLOURS} />);
    const group = screen.getByRole('radiogroup', { name: 'Background' });
    const swatches = group.getByRole('radio').all();
    expect(swatches).toHaveLength(SEVERAL_COLOURS.limitBgColors.length);
    const [first, second] = SEVERAL_COLOURS.limitBgColors;
    await expect.element(group.getByRole('radio', { name: first })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(group.getByRole('radio', { name: second }));
    await expect.element(group.getByRole('radio', { name: second })).toHaveAttribute('aria-checked', 'true');
    await expect.element(group.getByRole('radio', { name: first })).toHaveAttribute('aria-checked', 'false');
    await expect.element(screen.getByTestId('chosen')).toHaveTextContent(`${second} photo`);
  });

  test('says the head band of the template, and that retouching is not allowed where the rules say so', async () => {
    const screen = await render(<Options template={NO_RETOUCH} />);
    await expect
      .element(screen.getByText(`Head height ${NO_RETOUCH.headPercent[0]}–${NO_RETOUCH.headPercent[1]} % of the photo`, { exact: false }))
      .toBeVisible();
    await expect.element(screen.getByTestId('idphoto.noRetouch')).toBeVisible();
  });

  test('the output is a segmented choice between the photo and the print sheets; without a handler it is not offered', async () => {
    const screen = await render(<Options template={SEVERAL_COLOURS} />);
    const outputs = screen.getByRole('radiogroup', { name: 'Output' });
    await expect.element(outputs.getByRole('radio', { name: 'Single photo' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(outputs.getByRole('radio', { name: 'Print sheet 4×6 in' }));
    await expect.element(outputs.getByRole('radio', { name: 'Print sheet 4×6 in' })).toHaveAttribute('aria-checked', 'true');
    await expect.element(screen.getByTestId('chosen')).toHaveTextContent(`${SEVERAL_COLOURS.limitBgColors[0]} sheet4x6`);
    screen.unmount();

    const fixed = await render(<Options template={SEVERAL_COLOURS} withOutput={false} />);
    await expect.element(fixed.getByRole('radiogroup', { name: 'Output' })).not.toBeInTheDocument();
  });
});
