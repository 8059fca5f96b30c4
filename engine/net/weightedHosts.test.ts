import { describe, expect, it } from 'vitest';
import { DEFAULT_HOSTS, activeHosts, hostsFor, parseHostWeights, pickWeightedHost } from './weightedHosts';

describe('pickWeightedHost', () => {
  const hosts = { 'a.example': 1, 'b.example': 3 };

  it('maps the random number onto the cumulative weights', () => {
    // Total 4: [0, 0.25) → a, [0.25, 1) → b.
    expect(pickWeightedHost(hosts, () => 0)).toBe('a.example');
    expect(pickWeightedHost(hosts, () => 0.2499)).toBe('a.example');
    expect(pickWeightedHost(hosts, () => 0.25)).toBe('b.example');
    expect(pickWeightedHost(hosts, () => 0.9999)).toBe('b.example');
  });

  it('picks hosts in proportion to their weights', () => {
    let i = 0;
    const counts: Record<string, number> = {};
    // An evenly spread sequence of 1000 draws.
    const random = () => (i++ % 1000) / 1000;
    for (let n = 0; n < 1000; n++) {
      const host = pickWeightedHost(hosts, random);
      counts[host] = (counts[host] ?? 0) + 1;
    }
    expect(counts).toEqual({ 'a.example': 250, 'b.example': 750 });
  });

  it('ignores zero, negative and non-finite weights', () => {
    const mixed = { off: 0, neg: -5, nan: Number.NaN, inf: Number.POSITIVE_INFINITY, on: 2 };
    expect(activeHosts(mixed)).toEqual([['on', 2]]);
    for (const r of [0, 0.5, 0.999]) expect(pickWeightedHost(mixed, () => r)).toBe('on');
  });

  it('throws a clear error when nothing can be picked', () => {
    expect(() => pickWeightedHost({})).toThrow(/No host with a positive weight.*0 host/);
    expect(() => pickWeightedHost({ a: 0, b: -1 })).toThrow(/2 host\(s\) listed/);
  });

  it('keeps a faulty random source inside the list', () => {
    expect(pickWeightedHost(hosts, () => 1)).toBe('b.example');
    expect(pickWeightedHost(hosts, () => -3)).toBe('a.example');
  });
});

describe('host lists', () => {
  it('production and development are separate lists, each overridable on its own', () => {
    const prodOverride = { 'https://a.example': 3, 'https://b.example': 1 };
    expect(hostsFor('production', prodOverride)).toEqual(prodOverride);
    expect(hostsFor('development')).toEqual(DEFAULT_HOSTS.development);
    // An override with nothing usable falls back to the built-in list instead of breaking every call.
    expect(hostsFor('production', { 'https://a.example': 0 })).toEqual(DEFAULT_HOSTS.production);
    expect(() => pickWeightedHost(hostsFor('production'))).not.toThrow();
    expect(() => pickWeightedHost(hostsFor('development'))).not.toThrow();
  });

  it('hands out copies, so a caller cannot change the built-in lists', () => {
    const list = hostsFor('development');
    list['evil.example'] = 100;
    expect(DEFAULT_HOSTS.development).not.toHaveProperty('evil.example');
  });

  it('parses "host=weight" lists from configuration', () => {
    expect(parseHostWeights(' https://a.example/=3, https://b.example ,,c=0')).toEqual({ 'https://a.example': 3, 'https://b.example': 1, c: 0 });
    expect(() => parseHostWeights('a=lots')).toThrow(/"a=lots": weight is not a number/);
    expect(parseHostWeights('')).toEqual({});
  });
});
