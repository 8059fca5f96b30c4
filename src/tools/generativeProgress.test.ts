import { describe, expect, it } from 'vitest';
import { jobError } from '../../engine/spec/errors';
import { combineJobs, progressOfSnapshot, type JobView } from './generativeProgress';

const job = (patch: Partial<JobView>): JobView => ({
  state: 'running',
  stage: 'pollingResult',
  taskProgress: [0],
  translation: null,
  error: null,
  blobs: [],
  ...patch,
});
const blob = (taskId: string) => ({ taskId, blob: new Blob(['x']) });

describe('progressOfSnapshot', () => {
  it('moves forward through the stages and follows the server while generating', () => {
    const order = [
      progressOfSnapshot('preprocess', []),
      progressOfSnapshot('upload', []),
      progressOfSnapshot('submit', []),
      progressOfSnapshot('pollingResult', [0]),
      progressOfSnapshot('pollingResult', [0.5]),
      progressOfSnapshot('pollingResult', [1]),
      progressOfSnapshot('download', [1]),
      progressOfSnapshot('postProcess', [1]),
      progressOfSnapshot('completed', [1]),
    ];
    for (let i = 1; i < order.length; i++) expect(order[i]).toBeGreaterThan(order[i - 1]);
    expect(progressOfSnapshot('pollingResult', [0.5])).toBeCloseTo(0.5);
  });

  it('averages several tasks and clamps bad values', () => {
    expect(progressOfSnapshot('pollingResult', [1, 0])).toBeCloseTo(0.5);
    expect(progressOfSnapshot('pollingResult', [7])).toBeCloseTo(0.9);
  });
});

describe('combineJobs', () => {
  it('is nothing when every job was cancelled', () => {
    expect(combineJobs([])).toBeNull();
    expect(combineJobs([job({ state: 'cancelled' })])).toBeNull();
  });

  it('runs at the slowest stage with the mean progress, showing results already made', () => {
    const sum = combineJobs([job({ state: 'completed', stage: 'completed', blobs: [blob('a')] }), job({ stage: 'submit' })])!;
    expect(sum.busy).toBe(true);
    expect(sum.stage).toBe('submit');
    expect(sum.progress).toBeCloseTo((1 + 0.08) / 2);
    expect(sum.blobs.map((b) => b.taskId)).toEqual(['a']);
  });

  it('completes when all complete, and fails with the first error once all ended, keeping the results made', () => {
    expect(combineJobs([job({ state: 'completed', stage: 'completed' }), job({ state: 'completed', stage: 'completed' })])!.stage).toBe('completed');
    const error = jobError('GPU_HANDLE_FAILED');
    const sum = combineJobs([job({ state: 'completed', stage: 'completed', blobs: [blob('a')] }), job({ state: 'failed', stage: 'failed', error })])!;
    expect(sum.stage).toBe('failed');
    expect(sum.error).toEqual(error);
    expect(sum.blobs).toHaveLength(1);
  });
});
