import { describe, expect, it } from 'vitest';
import { webUiPayloadProblems } from './fakeWebUi';

// The fake stands in for AUTOMATIC1111 v1.10.1; it must refuse what our code gets wrong and accept what the real server accepts.
describe('the fake WebUI payload check', () => {
  it('accepts braces in the user prompt, as the real server does', () => {
    expect(webUiPayloadProblems({ prompt: 'a shop sign reading {{OPEN}}', negative_prompt: '{{blurry}}', steps: 20 }, false)).toEqual([]);
  });

  it('refuses a named input our code left unfilled outside the prompt', () => {
    const found = webUiPayloadProblems({ prompt: 'a cat', override_settings: { sd_model_checkpoint: '{{checkpoint}}' } }, false);
    expect(found).toEqual(['override_settings: a named input was not filled in']);
  });
});
