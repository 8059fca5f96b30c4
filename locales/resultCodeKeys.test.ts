/**
 * Every result code's client text (engine/spec/errors.ts RESULT_CODE_TABLE) exists in all 14 languages:
 * a code added with a key nobody wrote would otherwise show the raw key, or "unknown error".
 */
import { describe, expect, it } from 'vitest';
import { RESULT_CODE_TABLE } from '../engine/spec/errors';
import { MESSAGES, type Messages } from './index';

function lookUp(messages: Messages, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Messages)[part] : undefined), messages);
}

describe('result code texts', () => {
  const keys = [
    ...new Set(
      Object.values(RESULT_CODE_TABLE)
        .map((entry) => entry.messageKey)
        .filter((key): key is string => key !== null),
    ),
  ];

  it('name keys (and only success has none)', () => {
    expect(keys.length).toBeGreaterThan(5);
    const withoutKey = Object.entries(RESULT_CODE_TABLE)
      .filter(([, entry]) => entry.messageKey === null)
      .map(([code]) => Number(code));
    expect(withoutKey).toEqual([100]);
  });

  for (const [lang, messages] of Object.entries(MESSAGES)) {
    it(`exist in ${lang}`, () => {
      const missing = keys.filter((key) => typeof lookUp(messages, key) !== 'string');
      expect(missing).toEqual([]);
    });
  }
});
