import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../engine/spec/limits';
import { LIMIT_PARAMS, checkImageFile, isImageFile } from './checkImageFile';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('checkImageFile', () => {
  it('accepts ordinary images', () => {
    expect(checkImageFile(file('a.jpg', 'image/jpeg'))).toBeNull();
    expect(checkImageFile(file('a.png', 'image/png'))).toBeNull();
    expect(checkImageFile(file('a.webp', 'image/webp'))).toBeNull();
  });

  it('rejects files that are not images', () => {
    expect(checkImageFile(file('a.pdf', 'application/pdf'))?.key).toBe('errors.notAnImage');
    expect(checkImageFile(file('notes.txt', 'text/plain'))?.key).toBe('errors.notAnImage');
    expect(checkImageFile(file('a.png', 'text/plain'))?.key).toBe('errors.notAnImage');
  });

  it('falls back to the extension when the type is missing', () => {
    expect(isImageFile(file('photo.JPEG', ''))).toBe(true);
    expect(isImageFile(file('archive.zip', ''))).toBe(false);
  });

  it('rejects files over the upload limit (30 MB), exactly 30 MB is fine', () => {
    expect(checkImageFile(file('a.jpg', 'image/jpeg', UPLOAD_MAX_BYTES))).toBeNull();
    expect(checkImageFile(file('a.jpg', 'image/jpeg', UPLOAD_MAX_BYTES + 1))).toEqual({
      key: 'errors.fileTooLarge',
      params: LIMIT_PARAMS,
    });
    expect(LIMIT_PARAMS.maxMb).toBe(30);
  });

  it('reports "not an image" before "too large"', () => {
    expect(checkImageFile(file('a.mov', 'video/quicktime', UPLOAD_MAX_BYTES * 2))?.key).toBe('errors.notAnImage');
  });
});
