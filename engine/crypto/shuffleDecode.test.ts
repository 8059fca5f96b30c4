import { afterEach, describe, expect, it, vi } from 'vitest';
import { mulberry32, scrambleReply, seededPermutation, shuffleText, unscrambleReply, unshuffleText } from './shuffleDecode';

afterEach(() => vi.restoreAllMocks());

describe('seeded shuffle', () => {
  it('mulberry32(42) gives the published sequence', () => {
    const rand = mulberry32(42);
    expect([rand(), rand(), rand()]).toEqual([0.6011037519201636, 0.44829055899754167, 0.8524657934904099]);
  });

  it('builds the same permutation every time (known vector for length 8, seed 42)', () => {
    // i=7: j=floor(0.6011·8)=4; i=6: j=floor(0.4483·7)=3; i=5: j=floor(0.8525·6)=5; …
    expect(seededPermutation(8)).toEqual([2, 7, 1, 0, 6, 5, 3, 4]);
    expect(seededPermutation(8)).toEqual(seededPermutation(8, 42));
    expect(seededPermutation(8, 7)).not.toEqual(seededPermutation(8));
    expect(seededPermutation(0)).toEqual([]);
    expect(seededPermutation(1)).toEqual([0]);
  });

  it('permutes characters without losing any, and unshuffles back', () => {
    const text = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    const shuffled = shuffleText(text);
    expect(shuffled).not.toBe(text);
    expect([...shuffled].sort().join('')).toBe([...text].sort().join(''));
    expect(unshuffleText(shuffled)).toBe(text);
  });
});

describe('scrambled replies', () => {
  it('encodes a known value to a known text (base64 of the JSON, shuffled with seed 42)', () => {
    const value = { hosts: { 'a.example': 3 } };
    const scrambled = scrambleReply(value);
    expect(scrambled).toBe('QGJ9=yY=iyUoJNw4je6yIb0mfNebVcL31OhW');
    expect(unshuffleText(scrambled)).toBe(btoa(JSON.stringify(value)));
    expect(unscrambleReply(scrambled)).toEqual(value);
  });

  it('round-trips objects with non-ASCII text, arrays, numbers and nulls', () => {
    for (const value of [{ hosts: { 'https://例え.example': 2, b: 0.5 }, t: null }, [1, 'two', { three: '🎨' }], 'plain', 0]) {
      expect(unscrambleReply(scrambleReply(value))).toEqual(value);
    }
  });

  it('does not show the plain base64 (a scraper cannot just atob the reply)', () => {
    const scrambled = scrambleReply({ hosts: { 'https://upload.example.org': 1 } });
    expect(() => JSON.parse(atob(scrambled))).toThrow();
  });

  it('garbage gives null and a log line', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const good = scrambleReply({ ok: true });
    for (const bad of ['', 'hello world!', btoa('{"ok":true}'), good.slice(1), `${good}AAAA`]) {
      expect(unscrambleReply(bad)).toBeNull();
    }
    expect(log).toHaveBeenCalledTimes(5);
    expect(log.mock.calls[0][0]).toBe('[shuffleDecode] cannot unscramble reply:');
  });

  it('refuses to encode what JSON cannot carry', () => {
    expect(() => scrambleReply(undefined)).toThrow(/not JSON-serialisable/);
  });
});
