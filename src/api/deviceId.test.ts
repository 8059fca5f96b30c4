import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_ID_KEY, getDeviceId } from './deviceId';

/** A page's storage and document: writes refused when `refuseWrites`. */
function page(refuseWrites: boolean) {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (refuseWrites) throw new Error('QuotaExceededError');
      items.set(key, value);
    },
  });
  const doc = { cookie: '' };
  vi.stubGlobal('document', doc);
  return { items, doc };
}

afterEach(() => vi.unstubAllGlobals());

describe('the device id', () => {
  it('stays one id for the page when storage refuses writes (private mode)', () => {
    page(true);
    const id = getDeviceId();
    expect(getDeviceId()).toBe(id);
  });

  it('a page with working storage stores its id and writes its cookie, whatever an earlier page kept in memory', () => {
    page(true);
    const earlier = getDeviceId();
    const { items, doc } = page(false);
    const id = getDeviceId();
    expect(id).not.toBe(earlier);
    expect(items.get(DEVICE_ID_KEY)).toBe(id);
    expect(doc.cookie).toContain(`deviceId=${id}`);
  });
});
