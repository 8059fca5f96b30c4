import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetGenerationAvailability, generationAvailability } from './generationApi';

const reply = (resultCode: number, status = 200) => vi.fn(async () => new Response(JSON.stringify({ resultCode, msg: '', data: null }), { status }));

afterEach(() => {
  vi.unstubAllGlobals();
  forgetGenerationAvailability();
});

describe('generationAvailability', () => {
  it('1000003 means no generation server is configured', async () => {
    const fetch = reply(1000003, 503);
    vi.stubGlobal('fetch', fetch);
    expect(await generationAvailability('deoldify')).toBe('notConfigured');
    expect(fetch).toHaveBeenCalledWith('/api/task/deoldify', expect.objectContaining({ method: 'POST', body: '{}' }));
  });

  it('an empty payload refused as invalid means the type runs here; text-only types ask through an image type', async () => {
    const fetch = reply(-102, 400);
    vi.stubGlobal('fetch', fetch);
    expect(await generationAvailability('aiGeneratePic')).toBe('available');
    expect(fetch).toHaveBeenCalledWith('/api/task/aiImageToImage', expect.anything());
  });

  it('a rate-limited or failed probe is unknown and asked again next time', async () => {
    vi.stubGlobal('fetch', reply(1000003, 429));
    expect(await generationAvailability('aibg')).toBe('unknown');
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('offline'); }));
    expect(await generationAvailability('aibg')).toBe('unknown');
    vi.stubGlobal('fetch', reply(1000003, 503));
    expect(await generationAvailability('aibg')).toBe('notConfigured');
  });
});
