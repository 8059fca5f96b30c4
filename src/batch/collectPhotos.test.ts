import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { baseName, collectPhotos, photosFromZip } from './collectPhotos';

const file = (name: string, type: string, body = 'x') => new File([body], name, { type });

describe('collecting the photos of a batch', () => {
  it('keeps images, counts the rest', async () => {
    const out = await collectPhotos([file('a.jpg', 'image/jpeg'), file('notes.txt', 'text/plain'), file('b.PNG', '')]);
    expect(out.photos.map((f) => f.name)).toEqual(['a.jpg', 'b.PNG']);
    expect(out.skipped).toBe(1);
  });

  it('unpacks a ZIP: nested folders flattened, system files and non-images skipped', async () => {
    const zip = new JSZip();
    zip.file('shoes/red/a.jpg', 'jpeg');
    zip.file('b.png', 'png');
    zip.file('__MACOSX/shoes/._a.jpg', 'fork');
    zip.file('.DS_Store', 'x');
    zip.file('readme.txt', 'hello');
    const blob = await zip.generateAsync({ type: 'blob' });
    const out = await collectPhotos([new File([blob], 'photos.zip', { type: 'application/zip' })]);
    expect(out.photos.map((f) => f.name).sort()).toEqual(['a.jpg', 'b.png']);
    expect(out.photos.find((f) => f.name === 'a.jpg')!.type).toBe('image/jpeg');
    expect(out.skipped).toBe(3);
  });

  it('a damaged ZIP is named, not thrown', async () => {
    const out = await photosFromZip(new Blob(['not a zip']), 'broken.zip');
    expect(out).toEqual({ photos: [], skipped: 0, badZips: ['broken.zip'] });
  });

  it('names keep only the last path part', () => {
    expect(baseName('a/b\\c.jpg')).toBe('c.jpg');
  });
});
