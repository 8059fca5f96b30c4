import { describe, expect, it } from 'vitest';
import { isLoopback } from './adminAccess';
import { createRateLimiter } from './rateLimit';

describe('createRateLimiter', () => {
  it('allows `limit` calls per key and window, then refuses until the next window', () => {
    let clock = 0;
    const limiter = createRateLimiter(2, 60_000, () => clock);
    expect([limiter.allow('a'), limiter.allow('a'), limiter.allow('a')]).toEqual([true, true, false]);
    expect(limiter.allow('b')).toBe(true);
    clock = 59_999;
    expect(limiter.allow('a')).toBe(false);
    clock = 60_000;
    expect(limiter.allow('a')).toBe(true);
  });
});

describe('isLoopback', () => {
  it('knows IPv4 and IPv6 loopback and nothing else', () => {
    for (const ip of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopback(ip), ip).toBe(true);
    for (const ip of ['10.0.0.1', '::ffff:10.0.0.1', '1127.0.0.1', '::2', '', undefined]) expect(isLoopback(ip), String(ip)).toBe(false);
  });
});
