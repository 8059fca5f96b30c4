import { describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import type { ProcessorContext } from '../tasks/processor';
import { idphotoProcessor } from './idphoto';

const ctx = (params: Record<string, unknown>): ProcessorContext => ({
  taskId: 't1',
  params,
  storage: {
    get: async () => {
      throw new Error('no model work may start on bad params');
    },
  } as unknown as ProcessorContext['storage'],
  onProgress: () => undefined,
  checkCancelled: async () => undefined,
});

describe('idphoto processor params', () => {
  it.each([
    [{ templateId: 'xx-unknown', inputKey: 'k' }, /unknown templateId/],
    [{ templateId: 'us-passport', bgColor: '#0000FF', inputKey: 'k' }, /not allowed for us-passport/],
    [{ templateId: 'us-passport', output: 'poster', inputKey: 'k' }, /output must be one of/],
    [{ templateId: 'us-passport', adjust: [1, 2], inputKey: 'k' }, /adjust must be an object/],
  ])('%j fails with PARAMS_INVALID before reading the photo', async (params, message) => {
    await expect(idphotoProcessor(ctx(params))).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID, message: expect.stringMatching(message) });
  });
});
