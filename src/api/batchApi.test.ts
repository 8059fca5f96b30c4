import { describe, expect, it } from 'vitest';
import { attachmentName } from './batchApi';

describe('batch download names', () => {
  it('reads the RFC 6266 name first, then the plain one, else the fallback', () => {
    expect(attachmentName(`attachment; filename="caf_.png"; filename*=UTF-8''caf%C3%A9-nobg.png`, 'x')).toBe('café-nobg.png');
    expect(attachmentName('attachment; filename="batch-removebg-1234abcd.zip"', 'x')).toBe('batch-removebg-1234abcd.zip');
    expect(attachmentName(null, 'fallback.zip')).toBe('fallback.zip');
  });
});
