import { describe, expect, it } from 'vitest';
import { renamePrompt } from './useGenerativeTask';

describe('renamePrompt', () => {
  it('moves the reviewed prompt to the field the task reads', () => {
    const input = { funcType: 'aibg' as const, fileUrls: ['u'], params: { source: 'CustomPrompt', prompt: 'a beach' } };
    expect(renamePrompt(input, 'customPrompt').params).toEqual({ source: 'CustomPrompt', customPrompt: 'a beach' });
  });

  it('leaves a job without a prompt alone', () => {
    const input = { funcType: 'aibg' as const, fileUrls: ['u'], params: { source: 'CustomImage' } };
    expect(renamePrompt(input, 'customPrompt')).toBe(input);
  });
});
