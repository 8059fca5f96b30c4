/**
 * When to save: AUTOSAVE_DELAY_MS after the last change, one save at a time, and after a failure
 * again with doubling back-off until it works. Plain TypeScript with the global timers, so the
 * rules are tested with fake timers; what a save does (upload assets, send the document) is the
 * caller's `save` function. Editing never waits for it.
 */
import { RETRY_BASE_DELAY_MS } from '../../../engine/spec/limits';

/** saved: the server has the document; unsaved: a save is due; offline: the last try failed and a retry is planned; conflict: stopped. */
export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'offline' | 'conflict';

export const AUTOSAVE_DELAY_MS = 1500;
/** Back-off never waits longer than this between tries. */
export const RETRY_MAX_DELAY_MS = 30_000;

export interface AutosaveOptions {
  /** Saves the document as it is now; resolves once the server has it, rejects on failure. */
  save(): Promise<void>;
  onStatus?(status: SaveStatus): void;
  /** True for a failure retrying cannot fix (another tab saved a newer revision): status 'conflict', no retry. */
  isConflict?(error: unknown): boolean;
  onError?(error: unknown): void;
  delayMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
}

/** The wait before retry number `failures` (1-based): base, 2×base, 4×base … capped. */
export function retryDelay(failures: number, baseMs = RETRY_BASE_DELAY_MS, maxMs = RETRY_MAX_DELAY_MS): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
}

export class AutosaveScheduler {
  private changes = 0;
  private savedChanges = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<void> | null = null;
  private failures = 0;
  private currentStatus: SaveStatus = 'saved';
  private disposed = false;
  private readonly delayMs: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;

  constructor(private readonly options: AutosaveOptions) {
    this.delayMs = options.delayMs ?? AUTOSAVE_DELAY_MS;
    this.retryBaseMs = options.retryBaseMs ?? RETRY_BASE_DELAY_MS;
    this.retryMaxMs = options.retryMaxMs ?? RETRY_MAX_DELAY_MS;
  }

  get status(): SaveStatus {
    return this.currentStatus;
  }

  /** True while some change has not reached the server. */
  hasUnsavedChanges(): boolean {
    return this.changes !== this.savedChanges;
  }

  /** Call on every document change: the save runs delayMs after the last one. */
  notifyChange(): void {
    if (this.disposed) return;
    this.changes++;
    if (this.currentStatus === 'conflict') return;
    // A failing server is not hammered once per edit: the planned retry stands.
    if (this.currentStatus === 'offline' && this.timer) return;
    if (!this.inFlight) this.setStatus('unsaved');
    this.schedule(this.delayMs);
  }

  /** Saves right away (leaving the editor, exporting a zip); resolves true when everything is saved. */
  async flush(): Promise<boolean> {
    this.clearTimer();
    for (let round = 0; round < 3 && !this.disposed; round++) {
      if (this.inFlight) await this.inFlight;
      if (!this.hasUnsavedChanges()) return true;
      if (this.currentStatus === 'conflict') return false;
      await this.run();
      if (this.currentStatus === 'offline') return false;
    }
    return !this.hasUnsavedChanges();
  }

  /** Tries again now, e.g. when the browser comes back online or after a conflict was resolved. */
  retryNow(): void {
    if (this.disposed || !this.hasUnsavedChanges()) return;
    this.failures = 0;
    if (this.currentStatus === 'conflict') this.setStatus('unsaved');
    this.schedule(0);
  }

  /** The document was saved by other means (a restore that wrote to the server): all changes count as saved. */
  markSaved(): void {
    this.savedChanges = this.changes;
    this.failures = 0;
    this.clearTimer();
    this.setStatus('saved');
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
  }

  private schedule(ms: number): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private run(): Promise<void> {
    if (this.inFlight) return this.inFlight; // its end checks for newer changes
    if (this.disposed || !this.hasUnsavedChanges()) return Promise.resolve();
    const target = this.changes;
    this.setStatus('saving');
    this.inFlight = this.options
      .save()
      .then(
        () => this.succeeded(target),
        (error: unknown) => this.failed(error),
      )
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  private succeeded(target: number): void {
    this.failures = 0;
    this.savedChanges = Math.max(this.savedChanges, target);
    if (this.disposed) return;
    if (this.hasUnsavedChanges()) {
      this.setStatus('unsaved');
      if (!this.timer) this.schedule(this.delayMs);
    } else {
      this.setStatus('saved');
    }
  }

  private failed(error: unknown): void {
    this.options.onError?.(error);
    if (this.disposed) return;
    if (this.options.isConflict?.(error)) {
      this.clearTimer();
      this.setStatus('conflict');
      return;
    }
    this.failures++;
    this.setStatus('offline');
    this.schedule(retryDelay(this.failures, this.retryBaseMs, this.retryMaxMs));
  }

  private setStatus(status: SaveStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    this.options.onStatus?.(status);
  }
}
