import { describe, expect, it, vi } from 'vitest';
import type { TaskTimer } from '../api/timingReport';
import { formatOf, stageTimer } from './taskTiming';

describe('stageTimer', () => {
  it('marks the phase of each stage and reports once the job ends with a task id', () => {
    const timer: TaskTimer = { mark: vi.fn(), report: vi.fn(() => null) };
    const onStage = stageTimer(timer, { describe: () => ({ taskId: 't1', fileSizeKB: 120, fmt: 'png' }) });
    for (const stage of ['upload', 'submit', 'pollingResult', 'download', 'completed'] as const) onStage(stage);
    expect(vi.mocked(timer.mark).mock.calls.map(([phase]) => phase)).toEqual(['upload', 'submit', 'polling', 'download']);
    expect(timer.report).toHaveBeenCalledWith('t1', 120, 'png');
  });

  it('sends nothing for a job that failed before the server gave it a task id', () => {
    const timer: TaskTimer = { mark: vi.fn(), report: vi.fn(() => null) };
    stageTimer(timer, { describe: () => ({ taskId: null, fileSizeKB: 0, fmt: 'none' }) })('failed');
    expect(timer.report).not.toHaveBeenCalled();
  });

  it('names formats by their MIME subtype', () => {
    expect(formatOf(new Blob([], { type: 'image/jpeg' }))).toBe('jpg');
    expect(formatOf(new Blob([], { type: 'image/webp' }))).toBe('webp');
    expect(formatOf(null)).toBe('none');
  });
});
