import type { WebUiClient } from './webuiClient';

/**
 * Follows one of our jobs on an AUTOMATIC1111 server by its task id: its progress, whether the server
 * cut it short, and stopping it without stopping anyone else's.
 *
 * Why this much: A1111 runs one job at a time behind a lock, and POST /sdapi/v1/interrupt stops whichever
 * job holds it. Interrupting because *our* job was cancelled while it still waited would stop another
 * job, which then answers normally with a half-finished picture. So we interrupt only while
 * POST /internal/progress reports our id active, and we drop a result whose job the server reports as
 * interrupted (`shared.state.interrupted` with that job's `job_timestamp`). A server without
 * /internal/progress (`--nowebui`) cannot tell which job runs: ours is then never interrupted, only dropped.
 */

const WATCH_MS = 500;
/** A waiting job is watched at least this long, however short the job limit (tests use a fraction of a second). */
const MIN_WATCH_MS = 10_000;

type Answer = Promise<unknown>;

export class WebUiWatch {
  private unsupported = false;
  /** `job_timestamp` of our job when the server reported it interrupted while active. */
  private interruptedAt: string | null = null;

  constructor(
    private readonly client: WebUiClient,
    private readonly taskId: string,
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  /** One look at the job: reports its progress (0..1) and remembers an interrupt seen while it ran. */
  async poll(onProgress: (fraction: number) => void): Promise<void> {
    const own = this.unsupported ? 'unsupported' : await this.client.ownTask(this.taskId);
    if (own === 'unsupported') this.unsupported = true;
    if (own !== 'unsupported' && own !== null) {
      if (!own.active) return; // queued: someone else's progress is not ours
      if (typeof own.progress === 'number') onProgress(own.progress);
    }
    const shared = await this.client.sharedState();
    if (!shared) return;
    if (own === 'unsupported' || own === null)
      onProgress(shared.progress); // the best figure such a server gives
    else if (shared.interrupted) this.interruptedAt = shared.jobTimestamp;
  }

  /**
   * Whether the job that produced a result (its `info.job_timestamp`) was interrupted on the server:
   * seen so while it ran, or the server still shows it as the last job, interrupted, with nothing running since.
   */
  async wasInterrupted(jobTimestamp: string | undefined): Promise<boolean> {
    if (!jobTimestamp) return false;
    if (this.interruptedAt === jobTimestamp) return true;
    const shared = await this.client.sharedState();
    return !!shared && shared.jobCount === 0 && shared.interrupted && shared.jobTimestamp === jobTimestamp;
  }

  /**
   * Stops our job (cancelled or timed out) and drops its answer: interrupts it now if it is the one
   * running; if it still waits, watches in the background until `until` and interrupts it once it starts.
   */
  async stop(answer: Answer, abort: AbortController, until: number): Promise<void> {
    const own = this.unsupported ? 'unsupported' : await this.client.ownTask(this.taskId);
    if (own === 'unsupported') {
      this.log(`AUTOMATIC1111 ${this.client.baseUrl} has no /internal/progress (--nowebui?): job ${this.taskId} is left to finish, its result dropped`);
      abort.abort();
      return;
    }
    if (own?.active) {
      await this.client.interrupt();
      abort.abort();
      return;
    }
    if (own?.completed) {
      abort.abort();
      return;
    }
    void this.interruptWhenStarted(answer, abort, Math.max(until, Date.now() + MIN_WATCH_MS));
  }

  private async interruptWhenStarted(answer: Answer, abort: AbortController, until: number): Promise<void> {
    let answered = false;
    void answer.then(() => {
      answered = true;
    });
    while (!answered && Date.now() < until) {
      await new Promise((r) => setTimeout(r, WATCH_MS).unref());
      if (answered) break;
      const own = await this.client.ownTask(this.taskId);
      if (own === 'unsupported' || own?.completed) break;
      if (own?.active) {
        await this.client.interrupt();
        break;
      }
    }
    abort.abort();
  }
}
