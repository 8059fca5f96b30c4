import { afterEach, describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createProject } from '../../../../engine/doc/factories';
import { Editor } from '../../../../engine/Editor';
import { renderAtPath } from '../../../../tests/helpers/renderAtPath';
import { ToastProvider } from '../../../components/ToastProvider';
import { EditorProvider } from '../../EditorContext';
import { ExportMenu } from './ExportMenu';

/** What the browser was asked to download: the file name and the file. */
function catchDownloads() {
  const saved: Array<{ name: string; blob: Promise<Blob> }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) saved.push({ name: this.download, blob: fetch(this.href).then((response) => response.blob()) });
  });
  return saved;
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function renderMenu(onImport = vi.fn()) {
  const editor = new Editor(createProject({ type: 'project', canvasW: 320, canvasH: 200, background: '#FF0000', name: 'Spring sale' }));
  const screen = await renderAtPath(
    '/en/create/edit',
    <ToastProvider>
      <EditorProvider editor={editor}>
        <ExportMenu onImport={onImport} />
      </EditorProvider>
    </ToastProvider>,
  );
  return { screen, onImport };
}

describe('ExportMenu', () => {
  test('a menu button: Escape closes the menu and gives the focus back to it', async () => {
    const { screen } = await renderMenu();
    const button = screen.getByRole('button', { name: 'Export' });
    await userEvent.click(button);
    await expect.element(screen.getByRole('menu', { name: 'Export' })).toBeVisible();
    await expect.element(button).toHaveAttribute('aria-expanded', 'true');
    // No picture is selected: there is no original picture to download.
    expect(
      screen
        .getByRole('menuitem')
        .all()
        .map((item) => item.element().textContent),
    ).toEqual([
      'Download PNGBest quality, keeps transparency',
      'Download JPGSmaller file, white background',
      'Download project file (.zip)Layers and images, to open again later',
      'Open a project file (.zip)Opens as a new project; this one stays as it is',
    ]);
    await userEvent.keyboard('{Escape}');
    await expect.element(screen.getByRole('menu')).not.toBeInTheDocument();
    await expect.element(button).toHaveFocus();
  });

  test('Download PNG renders the design at its size and saves it under the project name', async () => {
    const saved = catchDownloads();
    const { screen } = await renderMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(screen.getByRole('menuitem', { name: /Download PNG/ }));
    await expect.poll(() => saved.length).toBe(1);
    expect(saved[0].name).toBe('Spring sale.png');
    const blob = await saved[0].blob;
    expect(blob.type).toBe('image/png');
    const picture = await createImageBitmap(blob);
    expect([picture.width, picture.height]).toEqual([320, 200]);
    const canvas = new OffscreenCanvas(1, 1);
    const context = canvas.getContext('2d');
    context?.drawImage(picture, 160, 100, 1, 1, 0, 0, 1, 1);
    expect([...(context?.getImageData(0, 0, 1, 1).data ?? [])]).toEqual([255, 0, 0, 255]);
    await expect.element(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });

  test('"Open a project file" hands over to the importer and closes the menu', async () => {
    const { screen, onImport } = await renderMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(screen.getByRole('menuitem', { name: /Open a project file/ }));
    expect(onImport).toHaveBeenCalledTimes(1);
    await expect.element(screen.getByRole('menu')).not.toBeInTheDocument();
  });
});
