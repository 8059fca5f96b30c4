import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { createTestEditor } from '../../../../tests/helpers/TestEditor';
import { ToastProvider } from '../../../components/ToastProvider';
import { EditorProvider } from '../../EditorContext';
import { LayersPanel } from './LayersPanel';

/** A design of a background, an image and two texts (bottom to top), with its layers panel. */
async function renderPanel() {
  const t = createTestEditor().addImage().addText('Hello').addText('Sale');
  const [, image, hello, sale] = t.layerIds;
  const screen = await render(
    <ToastProvider>
      <EditorProvider editor={t.editor}>
        <div style={{ width: 300 }}>
          <LayersPanel />
        </div>
      </EditorProvider>
    </ToastProvider>,
  );
  const names = () => [...screen.getByRole('listbox').element().querySelectorAll('[role="option"]')].map((row) => row.getAttribute('aria-label'));
  return { t, image, hello, sale, screen, names };
}

describe('LayersPanel', () => {
  test('lists the layers top to bottom by name; a click selects one, Shift+click adds another', async () => {
    const { t, hello, sale, screen, names } = await renderPanel();
    expect(names()).toEqual(['Text: Sale', 'Text: Hello', 'Image', 'Background']);
    await userEvent.click(screen.getByRole('option', { name: 'Text: Sale' }));
    expect(t.editor.getSnapshot().selectedIds).toEqual([sale]);
    await expect.element(screen.getByRole('option', { name: 'Text: Sale' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('option', { name: 'Text: Hello' }), { modifiers: ['Shift'] });
    expect(t.editor.getSnapshot().selectedIds).toEqual([sale, hello]);
  });

  test('by keyboard: arrows choose, Alt+arrow moves a layer down, Delete removes, Ctrl+Z undoes', async () => {
    const { t, sale, screen, names } = await renderPanel();
    await userEvent.click(screen.getByRole('option', { name: 'Text: Sale' }));
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(screen.getByRole('option', { name: 'Text: Hello' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}{Alt>}{ArrowDown}{/Alt}');
    await expect.poll(names).toEqual(['Text: Hello', 'Text: Sale', 'Image', 'Background']);
    await userEvent.keyboard('{Delete}');
    await expect.poll(names).toEqual(['Text: Hello', 'Image', 'Background']);
    expect(t.project.layers.some((layer) => layer.layerId === sale)).toBe(false);
    await userEvent.keyboard('{Control>}z{/Control}');
    await expect.poll(names).toEqual(['Text: Hello', 'Text: Sale', 'Image', 'Background']);
    await userEvent.keyboard('{Control>}z{/Control}');
    await expect.poll(names).toEqual(['Text: Sale', 'Text: Hello', 'Image', 'Background']);
  });

  test('H hides the chosen layer and its eye toggle says so; F2 renames it, Enter keeps the name', async () => {
    const { t, image, screen, names } = await renderPanel();
    await userEvent.click(screen.getByRole('option', { name: 'Image' }));
    await userEvent.keyboard('h');
    expect(t.layer(image).visible).toBe(false);
    // The eye is a mouse shortcut hidden from assistive technology (H is its keyboard way): found by its title.
    const eye = screen.getByTitle('Show Image');
    await expect.element(eye).toBeVisible();
    await userEvent.click(eye);
    expect(t.layer(image).visible).toBe(true);
    await userEvent.click(screen.getByRole('option', { name: 'Image' }));
    await userEvent.keyboard('{F2}');
    const field = screen.getByRole('textbox', { name: 'Layer name' });
    await expect.element(field).toHaveFocus();
    await userEvent.fill(field, 'Product photo');
    await userEvent.keyboard('{Enter}');
    await expect.poll(names).toEqual(['Text: Sale', 'Text: Hello', 'Product photo', 'Background']);
    expect(t.layer(image).name).toBe('Product photo');
  });

  test('a row dragged onto the top row moves its layer to the top, as one undo step', async () => {
    const { t, screen, names } = await renderPanel();
    const steps = t.editor.undoLabels().length;
    await userEvent.dragAndDrop(screen.getByRole('option', { name: 'Image' }), screen.getByRole('option', { name: 'Text: Sale' }), {
      targetPosition: { x: 20, y: 2 },
    });
    await expect.poll(names).toEqual(['Image', 'Text: Sale', 'Text: Hello', 'Background']);
    expect(t.editor.undoLabels().length).toBe(steps + 1);
  });

  test('"Clear layers" asks first, keeps the background, and says that undo brings them back', async () => {
    const { screen, names } = await renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Clear layers' }));
    await expect.element(screen.getByRole('dialog', { name: 'Clear all layers?' })).toBeVisible();
    await expect.element(screen.getByText('This removes 3 layers and keeps the background. You can undo it.')).toBeVisible();
    await userEvent.click(screen.getByTestId('confirm.ok'));
    await expect.poll(names).toEqual(['Background']);
    await expect.element(screen.getByRole('status')).toHaveTextContent('Layers cleared. Undo brings them back.');
    await expect.element(screen.getByRole('button', { name: 'Clear layers' })).toBeDisabled();
  });
});
