import { describe, expect, it } from 'vitest';
import { ResultCode } from '../../../../engine/spec/errors';
import { uploadBackground } from './uploadBackground';

const file = new File(['png'], 'bg.png', { type: 'image/png' });
const pass = async () => ({ compliant: true });
const envelope = (resultCode: number, data: { fileUrl?: string } | null) => async () => ({ resultCode, msg: '', data });

const keyOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: { key?: string }) => err.key,
  );

describe('uploadBackground', () => {
  it('returns the URL of the uploaded background', async () => {
    const url = await uploadBackground(file, { review: pass, upload: envelope(ResultCode.SUCCESS, { fileUrl: '/files/uploads/web/bg.png' }) });
    expect(url).toBe('/files/uploads/web/bg.png');
  });

  it('refuses a picture the review rejects, before uploading it', async () => {
    let uploaded = false;
    const upload = async () => {
      uploaded = true;
      return { resultCode: ResultCode.SUCCESS, msg: '', data: { fileUrl: '/files/x.png' } };
    };
    expect(await keyOf(uploadBackground(file, { review: async () => ({ compliant: false }), upload }))).toBe('errors.pictureNonCompliant');
    expect(uploaded).toBe(false);
    // A review that cannot run does not let the picture through either.
    expect(
      await keyOf(
        uploadBackground(file, {
          review: async () => {
            throw new Error('model missing');
          },
          upload,
        }),
      ),
    ).toBe('errors.unknown');
    expect(uploaded).toBe(false);
  });

  it('explains server and network failures', async () => {
    expect(await keyOf(uploadBackground(file, { review: pass, upload: envelope(ResultCode.PARAMS_INVALID, null) }))).toBe('changebg.image.unreadable');
    expect(await keyOf(uploadBackground(file, { review: pass, upload: envelope(ResultCode.SERVER_ERROR, null) }))).toBe('text.uploadErrorServer');
    expect(
      await keyOf(
        uploadBackground(file, {
          review: pass,
          upload: async () => {
            throw new Error('offline');
          },
        }),
      ),
    ).toMatch(/^text\.(uploadErrorServer|loginErrorNetwork)$/);
  });
});
