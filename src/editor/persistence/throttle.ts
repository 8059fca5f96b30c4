/**
 * Runs an async task at most once per `intervalMs`, with a trailing run: a request inside the
 * window is not dropped but runs when the window ends, so the last state always gets its turn
 * (the project thumbnail after a burst of saves). Failures are reported and otherwise ignored.
 */
export class TrailingThrottle {
  private lastRun = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private again = false;
  private disposed = false;

  constructor(
    private readonly task: () => Promise<void>,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Asks for a run: now if the last one started intervalMs ago or more, else when that is so. */
  request(): void {
    if (this.disposed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) return;
    const wait = this.lastRun + this.intervalMs - Date.now();
    if (wait <= 0) void this.fire();
    else
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.fire();
      }, wait);
  }

  /** Runs a waiting trailing request now (leaving the page); resolves when it is done. */
  async flush(): Promise<void> {
    if (!this.timer || this.disposed) return;
    clearTimeout(this.timer);
    this.timer = null;
    await this.fire();
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async fire(): Promise<void> {
    if (this.disposed) return;
    this.running = true;
    this.lastRun = Date.now();
    try {
      await this.task();
    } catch (error) {
      this.onError(error);
    } finally {
      this.running = false;
    }
    if (this.again) {
      this.again = false;
      this.request();
    }
  }
}
