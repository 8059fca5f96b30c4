/** Steps 1–3 and 7 of the task flow (SPEC §4 "Task flow", §5, §8): order, results, errors, stages. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResultCode } from '../engine/spec/errors';
import { PostFlowStage } from '../engine/spec/kinds';
import { PICTURE_REVIEW, QUERY, RESULT_PICTURE_REVIEW, SUBMIT, TEXT_REVIEW, TEXT_TRANSLATION, UPLOAD, file, okEnv, setup } from './taskFlow.testkit';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const promptJob = (prompt: string, steps = [TEXT_REVIEW, TEXT_TRANSLATION, SUBMIT, QUERY]) => ({
  funcType: 'aiGeneratePic' as const,
  sourceFile: null,
  prompt,
  steps,
});

async function run(t: ReturnType<typeof setup>, ms = 3000) {
  t.actor.send({ type: 'job.start' });
  await vi.advanceTimersByTimeAsync(ms);
}

describe('task flow: content safety steps', () => {
  it('runs all seven steps in order, marks each ended and ends the job', async () => {
    const order: string[] = [];
    const t = setup({
      input: { prompt: 'un gato', steps: [TEXT_REVIEW, TEXT_TRANSLATION, PICTURE_REVIEW, UPLOAD, SUBMIT, QUERY, RESULT_PICTURE_REVIEW] },
      reviewText: async () => {
        order.push('1 text review');
        return { compliant: true };
      },
      translate: async () => {
        order.push('2 translation');
        return { ok: true, text: 'a cat', lanCode: 'spa', translated: true };
      },
      reviewPicture: async () => {
        order.push('3 picture review');
        return { compliant: true };
      },
      review: async () => {
        order.push('7 result review');
        return { compliant: true };
      },
    });
    t.upload.mockImplementation(async () => {
      order.push('4 upload');
      return okEnv({ fileUrl: 'http://host/files/in.jpg' });
    });
    t.submit.mockImplementation(async () => {
      order.push('5 submit');
      return okEnv({ taskId: 't1' });
    });
    await run(t);
    expect(order).toEqual(['1 text review', '2 translation', '3 picture review', '4 upload', '5 submit', '7 result review']);
    expect(t.query).toHaveBeenCalled();
    expect(t.actor.getSnapshot().value).toBe('completed');
    expect(t.ctx().steps.map((s) => s.end)).toEqual([true, true, true, true, true, true, true]);
    expect(t.ctx().steps[1].result).toEqual({ ok: true, text: 'a cat', lanCode: 'spa', translated: true });
  });

  it('the preprocessing steps report the preprocess stage, then upload, submit, pollingResult, download, postProcess, completed', async () => {
    const t = setup({ input: { prompt: 'a cat', steps: [TEXT_REVIEW, PICTURE_REVIEW, UPLOAD, SUBMIT, QUERY, RESULT_PICTURE_REVIEW] } });
    await run(t);
    expect([...new Set(t.stages)]).toEqual(['preprocess', 'upload', 'submit', 'pollingResult', 'download', 'postProcess', 'completed']);
  });

  it('step 1: a prompt with sensitive matches fails with text non-compliance (1010202); nothing is uploaded', async () => {
    const t = setup({ input: { prompt: 'bad words', steps: [TEXT_REVIEW, UPLOAD, SUBMIT, QUERY] }, reviewText: async () => ({ compliant: false }) });
    await run(t);
    expect(t.actor.getSnapshot().value).toBe('failed');
    expect(t.ctx().error).toMatchObject({ name: 'CONTENT_REVIEW_TEXT_NON_COMPLIANCE', code: ResultCode.CONTENT_REVIEW_TEXT_NON_COMPLIANCE });
    expect(t.upload).not.toHaveBeenCalled();
  });

  it('step 2: the translated prompt is what is submitted, the original is kept', async () => {
    const t = setup({
      input: promptJob('un gato en la nieve'),
      translate: async () => ({ ok: true, text: 'a cat in the snow', lanCode: 'spa', translated: true }),
    });
    await run(t);
    expect(t.submit).toHaveBeenCalledWith(expect.objectContaining({ params: { prompt: 'a cat in the snow' } }));
    expect(t.ctx()).toMatchObject({ prompt: 'a cat in the snow', originalPrompt: 'un gato en la nieve', lanCode: 'spa' });
  });

  it.each([
    ['CONTENT_TRANSLATE_FAIL', ResultCode.CONTENT_TRANSLATE_FAIL],
    ['CONTENT_TRANSLATE_RESULT_NON_COMPLIANCE', ResultCode.CONTENT_TRANSLATE_RESULT_NON_COMPLIANCE],
    ['CONTENT_REVIEW_TEXT_NON_COMPLIANCE', ResultCode.CONTENT_REVIEW_TEXT_NON_COMPLIANCE],
  ] as const)('step 2: %s ends the job with %i and submits nothing', async (error, code) => {
    const t = setup({ input: promptJob('一只猫'), translate: async () => ({ ok: false, error, lanCode: 'zho' }) });
    await run(t);
    expect(t.ctx().error).toMatchObject({ name: error, code });
    expect(t.ctx().lanCode).toBe('zho');
    expect(t.submit).not.toHaveBeenCalled();
  });

  it('steps 1 and 2 without a prompt have nothing to check and pass', async () => {
    const t = setup({ input: { steps: [TEXT_REVIEW, TEXT_TRANSLATION, UPLOAD, SUBMIT, QUERY] } });
    await run(t);
    expect(t.reviewText).not.toHaveBeenCalled();
    expect(t.translate).not.toHaveBeenCalled();
    expect(t.actor.getSnapshot().value).toBe('completed');
    expect(t.submit).toHaveBeenCalledWith(expect.objectContaining({ params: {} }));
  });

  it('step 3: a rejected picture fails with picture non-compliance (1010201) before any upload; every batch file is reviewed', async () => {
    const other = new Blob(['second'], { type: 'image/png' });
    const t = setup({
      input: { sourceFiles: [file, other], steps: [PICTURE_REVIEW, UPLOAD, SUBMIT, QUERY] },
      reviewPicture: async () => ({ compliant: false }),
    });
    await run(t);
    expect(t.reviewPicture).toHaveBeenCalledWith([file, other]);
    expect(t.ctx().error).toMatchObject({ name: 'CONTENT_REVIEW_PICTURE_NON_COMPLIANCE', code: ResultCode.CONTENT_REVIEW_PICTURE_NON_COMPLIANCE });
    expect(t.upload).not.toHaveBeenCalled();
  });

  it('step 3 without a picture is invalid (params invalid)', async () => {
    const t = setup({ input: { sourceFile: null, steps: [PICTURE_REVIEW, SUBMIT] } });
    await run(t);
    expect(t.ctx().error).toMatchObject({ name: 'PARAMS_INVAILED' });
  });

  it('a step whose service throws ends the job with the default error, SERVER_ERROR; retry reruns from step 1', async () => {
    let calls = 0;
    const t = setup({
      input: promptJob('a cat'),
      reviewText: async () => {
        calls++;
        if (calls === 1) throw new Error('down');
        return { compliant: true };
      },
    });
    await run(t);
    expect(t.ctx()).toMatchObject({ end: true, error: { name: 'SERVER_ERROR', code: ResultCode.SERVER_ERROR } });
    t.actor.send({ type: 'job.retry' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(t.ctx()).toMatchObject({ end: true, error: null });
    expect(t.actor.getSnapshot().value).toBe('completed');
    expect(calls).toBe(2);
  });

  it('retry starts again from the prompt the user typed, not the translation', async () => {
    const seen: string[] = [];
    const t = setup({
      input: promptJob('un gato'),
      translate: async (text) => {
        seen.push(text);
        return { ok: true, text: 'a cat', lanCode: 'spa', translated: true };
      },
    });
    t.submit.mockResolvedValueOnce({ resultCode: ResultCode.SERVICE_UNAVAILABLE, msg: 'no generation server', data: null });
    await run(t);
    expect(t.ctx().error).toMatchObject({ code: ResultCode.SERVICE_UNAVAILABLE });
    t.actor.send({ type: 'job.retry' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(seen).toEqual(['un gato', 'un gato']);
  });

  it('post-flow sub-stages: 1 download, 2 pornography check, 3 finish (and straight to finish without a review step)', async () => {
    const reviewed = setup({ input: { steps: [UPLOAD, SUBMIT, QUERY, RESULT_PICTURE_REVIEW] } });
    await run(reviewed);
    expect(reviewed.postStages).toEqual([
      { taskId: 't1', postStage: PostFlowStage.DOWNLOAD },
      { taskId: 't1', postStage: PostFlowStage.PORN_CHECK },
    ]);
    expect(reviewed.ctx().taskResults.t1.postStage).toBe(PostFlowStage.FINISH);
    const plain = setup({});
    await run(plain);
    expect(plain.postStages).toEqual([{ taskId: 't1', postStage: PostFlowStage.DOWNLOAD }]);
    expect(plain.ctx().taskResults.t1.postStage).toBe(PostFlowStage.FINISH);
  });
});
