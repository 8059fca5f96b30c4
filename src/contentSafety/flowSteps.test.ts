import { describe, expect, it } from 'vitest';
import { FlowStepId } from '../../engine/spec/kinds';
import { buildSteps } from './flowSteps';

const { TEXT_REVIEW, TEXT_TRANSLATION, PICTURE_REVIEW, UPLOAD, SUBMIT, QUERY, RESULT_PICTURE_REVIEW } = FlowStepId;
const on = { enableTextReview: true, enablePicReview: true };
const off = { enableTextReview: false, enablePicReview: false };

describe('buildSteps (SPEC §5: reviews run only when their flag is on)', () => {
  it('a prompt tool gets text review only when enableTextReview is on; translation always', () => {
    expect(buildSteps(on, { prompt: true, pictures: false, query: true })).toEqual([TEXT_REVIEW, TEXT_TRANSLATION, SUBMIT, QUERY, RESULT_PICTURE_REVIEW]);
    expect(buildSteps(off, { prompt: true, pictures: false, query: true })).toEqual([TEXT_TRANSLATION, SUBMIT, QUERY]);
  });

  it('a picture tool gets picture and result reviews only when enablePicReview is on', () => {
    expect(buildSteps(on, { prompt: false, pictures: true, query: true })).toEqual([PICTURE_REVIEW, UPLOAD, SUBMIT, QUERY, RESULT_PICTURE_REVIEW]);
    expect(buildSteps({ ...on, enablePicReview: false }, { prompt: false, pictures: true, query: true })).toEqual([UPLOAD, SUBMIT, QUERY]);
  });

  it('all seven steps, in order, for a tool with a prompt and a picture', () => {
    expect(buildSteps(on, { prompt: true, pictures: true, query: true })).toEqual([
      TEXT_REVIEW,
      TEXT_TRANSLATION,
      PICTURE_REVIEW,
      UPLOAD,
      SUBMIT,
      QUERY,
      RESULT_PICTURE_REVIEW,
    ]);
  });
});
