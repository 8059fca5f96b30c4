import { useRef } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { usePasteImage } from '../hooks/usePasteImage';
import { FileDropZone } from './FileDropZone';
import { HiddenFileInput } from './HiddenFileInput';
import { UploadPrompt } from '../tools/UploadPrompt';

/** The empty state of a single-image tool, composed as the background remover's page composes it. */
function UploadArea({ onFile, enabled = true }: { onFile(file: File): void; enabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  usePasteImage(onFile);
  return (
    <>
      <HiddenFileInput ref={input} onFile={onFile} />
      <FileDropZone onFile={onFile} enabled={enabled}>
        <UploadPrompt onPick={() => input.current?.click()} />
      </FileDropZone>
    </>
  );
}

const photo = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cat.png', { type: 'image/png' });

/** Fires a drag of `data` over `target` as the browser does: enter, over, and then drop or leave. */
function drag(target: Element, data: DataTransfer, end: 'drop' | 'dragleave') {
  for (const type of ['dragenter', 'dragover', end]) {
    target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
  }
}

describe('the upload area (UploadPrompt, HiddenFileInput, FileDropZone, usePasteImage)', () => {
  test('"Upload image" opens the image picker; picking the same photo twice sends it twice', async () => {
    const onFile = vi.fn();
    const screen = await render(<UploadArea onFile={onFile} />);
    await expect.element(screen.getByText('or drop an image here')).toBeVisible();
    const input = screen.getByTestId('upload.input');
    await expect.element(input).toHaveAttribute('accept', 'image/*');
    const opened = new Promise<void>((resolve) => input.element().addEventListener('click', () => resolve(), { once: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload image' }));
    await opened;
    const file = photo();
    await userEvent.upload(input, file);
    await userEvent.upload(input, file);
    expect(onFile).toHaveBeenCalledTimes(2);
    expect(onFile.mock.calls[1][0].name).toBe('cat.png');
  });

  test('a dragged file lights the area up and its drop is taken; a dragged text is not', async () => {
    const onFile = vi.fn();
    const screen = await render(<UploadArea onFile={onFile} />);
    const area = screen.getByTestId('upload.area').element();
    const files = new DataTransfer();
    files.items.add(photo());
    area.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: files }));
    await expect.element(screen.getByTestId('upload.area')).toHaveClass('is-over');
    drag(area, files, 'drop');
    await expect.element(screen.getByTestId('upload.area')).not.toHaveClass('is-over');
    expect(onFile).toHaveBeenCalledTimes(1);
    expect(onFile.mock.calls[0][0].name).toBe('cat.png');

    const text = new DataTransfer();
    text.setData('text/plain', 'not a photo');
    area.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: text }));
    await expect.element(screen.getByTestId('upload.area')).not.toHaveClass('is-over');
    drag(area, text, 'drop');
    expect(onFile).toHaveBeenCalledTimes(1);
  });

  test('while a photo is being worked on, a drop is not taken; a drag that leaves turns the light off', async () => {
    const onFile = vi.fn();
    const screen = await render(<UploadArea onFile={onFile} enabled={false} />);
    const area = screen.getByTestId('upload.area').element();
    const files = new DataTransfer();
    files.items.add(photo());
    drag(area, files, 'drop');
    expect(onFile).not.toHaveBeenCalled();

    screen.rerender(<UploadArea onFile={onFile} />);
    drag(area, files, 'dragleave');
    await expect.element(screen.getByTestId('upload.area')).not.toHaveClass('is-over');
    expect(onFile).not.toHaveBeenCalled();
  });

  test('a pasted image is taken; pasted text is left to the field it was typed in', async () => {
    const onFile = vi.fn();
    await render(<UploadArea onFile={onFile} />);
    const pasted = new DataTransfer();
    pasted.items.add(photo());
    const imageEvent = new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: pasted });
    document.body.dispatchEvent(imageEvent);
    expect(onFile).toHaveBeenCalledTimes(1);
    expect(imageEvent.defaultPrevented).toBe(true);
    const words = new DataTransfer();
    words.setData('text/plain', 'hello');
    const textEvent = new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: words });
    document.body.dispatchEvent(textEvent);
    expect(onFile).toHaveBeenCalledTimes(1);
    expect(textEvent.defaultPrevented).toBe(false);
  });
});
