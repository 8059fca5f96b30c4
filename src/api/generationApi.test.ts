import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetGenerationAvailability, generationAvailability } from './generationApi';

const status = (available: Record<string, boolean>) =>
  vi.fn(async () => new Response(JSON.stringify({ resultCode: 100, msg: 'success', data: { available, reason: null } })));

afterEach(() => {
  vi.unstubAllGlobals();
  forgetGenerationAvailability();
});

describe('generationAvailability', () => {
  it('reads the server status per task type, asking once', async () => {
    const fetch = status({ deoldify: false, aiGeneratePic: true });
    vi.stubGlobal('fetch', fetch);
    expect(await generationAvailability('deoldify')).toBe('notConfigured');
    expect(await generationAvailability('aiGeneratePic')).toBe('available');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/api/generation/status', expect.anything());
  });

  it('a type the status does not list is unknown', async () => {
    vi.stubGlobal('fetch', status({ deoldify: false }));
    expect(await generationAvailability('removebg')).toBe('unknown');
  });

  it('a failed or refused call is unknown and asked again next time', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    expect(await generationAvailability('aibg')).toBe('unknown');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ resultCode: 1000003, msg: 'busy', data: null }), { status: 503 })),
    );
    expect(await generationAvailability('aibg')).toBe('unknown');
    vi.stubGlobal('fetch', status({ aibg: false }));
    expect(await generationAvailability('aibg')).toBe('notConfigured');
  });
});
