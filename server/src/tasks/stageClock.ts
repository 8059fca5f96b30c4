/**
 * Durations of the stages of one piece of work (a task run, a heavy-thread job), in milliseconds, for the
 * debug log that `npm run bench:removebg-server -- --breakdown` reads to say where the API's overhead goes.
 */
export class StageClock {
  private last = performance.now();
  private readonly stages: Record<string, number> = {};

  /** Ends the stage `name` now (durations of a repeated name add up). */
  mark(name: string): void {
    const now = performance.now();
    this.stages[name] = (this.stages[name] ?? 0) + Math.round((now - this.last) * 10) / 10;
    this.last = now;
  }

  /** The stages so far, `name → ms`. */
  get ms(): Record<string, number> {
    return { ...this.stages };
  }
}
