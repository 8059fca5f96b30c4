import { describe, expect, test } from 'vitest';
import { commands, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { createTestEditor } from '../../../../tests/helpers/TestEditor';
import { EditorProvider, useEditorSelector } from '../../EditorContext';
import { OpacityControl } from './OpacityControl';

/** The control as the properties panel holds it: fed the layer as the document has it now. */
function OpacityOf({ layerId }: { layerId: string }) {
  const layer = useEditorSelector((snapshot) => snapshot.project.layers.find((candidate) => candidate.layerId === layerId));
  return layer ? <OpacityControl layers={[layer]} /> : null;
}

function renderFor() {
  const t = createTestEditor().addImage();
  const stepsBefore = t.editor.undoLabels().length;
  const layer = () => t.layer(t.lastId);
  const view = render(
    <EditorProvider editor={t.editor}>
      <div style={{ width: 320 }}>
        <OpacityOf layerId={t.lastId} />
      </div>
    </EditorProvider>,
  );
  return { t, layer, view, newSteps: () => t.editor.undoLabels().length - stepsBefore };
}

describe('OpacityControl (SliderField with a gesture)', () => {
  test('a drag across the slider is one undo step, however many values it passes', async () => {
    const { t, layer, view, newSteps } = renderFor();
    const slider = (await view).getByRole('slider', { name: 'Opacity' });
    const box = slider.element().getBoundingClientRect();
    // A real mouse drag: press near the right end, move left through several values, release near the left.
    const y = box.top + box.height / 2;
    await commands.mouseDrag([
      { x: box.right - 4, y },
      { x: box.left + box.width * 0.7, y },
      { x: box.left + box.width * 0.4, y },
      { x: box.left + box.width * 0.2, y },
    ]);
    expect(layer().opacity).toBeLessThan(30);
    expect(newSteps()).toBe(1);
    t.undo();
    expect(layer().opacity).toBe(100);
  });

  test('each arrow key is its own undo step, and the value reads as a percentage', async () => {
    const { t, layer, view, newSteps } = renderFor();
    const screen = await view;
    const slider = screen.getByRole('slider', { name: 'Opacity' });
    await userEvent.click(slider, { position: { x: slider.element().getBoundingClientRect().width - 2, y: 5 } });
    const afterClick = newSteps();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(newSteps()).toBe(afterClick + 2);
    const value = layer().opacity;
    await expect.element(screen.getByText(`${value}%`)).toBeVisible();
    t.undo();
    expect(layer().opacity).toBe(value + 1);
  });
});
