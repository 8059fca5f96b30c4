import { describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { BATCH_MAX_PHOTOS } from '../../../machines/batch.machine';
import { BatchDropArea } from './BatchDropArea';

const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

/** Fires a drag of `data` over `target` as the browser does: enter, over, drop. */
function drop(target: Element, data: DataTransfer) {
  for (const type of ['dragenter', 'dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
}

describe('BatchDropArea', () => {
  test('the empty state says how many photos fit; "Choose photos" opens a picker of several, and the same photos can be picked again', async () => {
    const onFiles = vi.fn();
    const screen = await render(<BatchDropArea enabled empty onFiles={onFiles} />);
    await expect.element(screen.getByRole('heading', { name: `Add up to ${BATCH_MAX_PHOTOS} photos` })).toBeVisible();
    const input = screen.getByTestId('batch.input');
    await expect.element(input).toHaveAttribute('multiple');
    const opened = new Promise<void>((resolve) => input.element().addEventListener('click', () => resolve(), { once: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Choose photos' }));
    await opened;
    const picked = [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')];
    await userEvent.upload(input, picked);
    await userEvent.upload(input, picked);
    expect(onFiles).toHaveBeenCalledTimes(2);
    expect(onFiles.mock.calls[1][0].map((file: File) => file.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    // "Choose a folder" opens the folder picker (webkitdirectory), not the photo picker.
    await expect.element(screen.getByTestId('batch.folderInput')).toHaveAttribute('webkitdirectory');
  });

  test('photos dropped anywhere on the area are taken, all of them', async () => {
    const onFiles = vi.fn();
    const screen = await render(<BatchDropArea enabled empty onFiles={onFiles} />);
    const data = new DataTransfer();
    data.items.add(photo('one.jpg'));
    data.items.add(photo('two.jpg'));
    drop(screen.getByTestId('batch.drop').element(), data);
    await vi.waitFor(() => expect(onFiles).toHaveBeenCalledTimes(1));
    expect(onFiles.mock.calls[0][0].map((file: File) => file.name)).toEqual(['one.jpg', 'two.jpg']);
  });

  test('pasted photos are added; pasted text is left to the page, and nothing is taken while a batch runs', async () => {
    const onFiles = vi.fn();
    const paste = (data: DataTransfer) => window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, cancelable: true }));
    const screen = await render(<BatchDropArea enabled empty={false} onFiles={onFiles} />);
    // With photos already there, a slim "add more" bar.
    await expect.element(screen.getByRole('button', { name: 'Add photos' })).toBeVisible();
    const files = new DataTransfer();
    files.items.add(photo('pasted.jpg'));
    paste(files);
    expect(onFiles).toHaveBeenCalledTimes(1);
    const text = new DataTransfer();
    text.setData('text/plain', 'hello');
    paste(text);
    expect(onFiles).toHaveBeenCalledTimes(1);

    screen.rerender(<BatchDropArea enabled={false} empty={false} onFiles={onFiles} />);
    await expect.element(screen.getByTestId('batch.drop')).not.toBeInTheDocument();
    paste(files);
    expect(onFiles).toHaveBeenCalledTimes(1);
  });
});
