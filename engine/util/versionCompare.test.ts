import { describe, expect, it } from 'vitest';
import { compareVersions } from './versionCompare';

describe('compareVersions (SPEC §5)', () => {
  it('pads the shorter list of parts with zeros, so missing trailing parts are 0', () => {
    // Unpadded, '1.2' would join to 12 and lose to '1.2.0' (120).
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('1.2.0.0', '1.2')).toBe(0);
    expect(compareVersions('1.2', '1.2.1')).toBe(-1);
  });

  it('pads each part to the wider width before joining', () => {
    // Joined without width padding, '1.10' is 110 and would beat '2.1' (21).
    expect(compareVersions('1.10', '2.1')).toBe(-1);
    expect(compareVersions('1.10', '1.9')).toBe(1);
    expect(compareVersions('3.100.0', '3.99.9')).toBe(1);
  });

  it('compares the joined parts as numbers, most significant part first', () => {
    expect(compareVersions('2.0.0', '1.9.9')).toBe(1);
    expect(compareVersions('1.2.3', '1.2.4')).toBe(-1);
    expect(compareVersions('1.8.0', '1.8.0')).toBe(0);
    // Leading zeros do not change the number.
    expect(compareVersions('01.02', '1.2')).toBe(0);
  });

  it('stays exact for parts beyond the safe integer range', () => {
    expect(compareVersions('1.99999999999999999', '1.99999999999999998')).toBe(1);
  });

  it('counts a missing first version as smaller', () => {
    expect(compareVersions(undefined, '0')).toBe(-1);
    expect(compareVersions(null, '1.0')).toBe(-1);
    expect(compareVersions('  ', '0.0.1')).toBe(-1);
  });

  it('counts a missing second version as larger', () => {
    expect(compareVersions('0', undefined)).toBe(1);
    expect(compareVersions('1.0', null)).toBe(1);
    expect(compareVersions('0.0.1', '')).toBe(1);
  });

  it('treats two missing versions as equal', () => {
    expect(compareVersions(undefined, null)).toBe(0);
  });

  it('counts a part that does not parse as 0', () => {
    expect(compareVersions('1.x', '1.0')).toBe(0);
    expect(compareVersions('1.x', '1.1')).toBe(-1);
    expect(compareVersions('abc', '0')).toBe(0);
    expect(compareVersions('2.beta', '1.9')).toBe(1);
  });
});
