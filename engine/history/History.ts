/**
 * Undo history of document diffs split by marks (tldraw / Excalidraw semantics).
 *
 * - Every recorded change is appended to the open step.
 * - `mark()` closes the open step; a command marks before it runs, so each command is one step,
 *   and a gesture (drag, transform, slider drag) marks once at its start, so it is one step too.
 * - `bailToMark()` reverts the open step back to a mark (Escape during a gesture).
 * - Changes recorded with 'record-preserveRedoStack' keep the redo stack (selection-like state);
 *   'ignore' is not recorded at all (view state).
 */
import { type ProjectDiff, invertDiff, isEmptyDiff, squashDiffs } from './diff';

export type CaptureMode = 'record' | 'record-preserveRedoStack' | 'ignore';

interface Step {
  diff: ProjectDiff;
  label: string;
}

/** Entries kept on the undo stack before the oldest are dropped. */
export const HISTORY_LIMIT = 200;

export class History {
  private undos: Step[] = [];
  private redos: Step[] = [];
  /** The step being recorded; null until something is recorded after a mark. */
  private open: { diff: ProjectDiff; label: string; markId: string } | null = null;
  private currentMark = { id: 'initial', label: '' };
  private markCounter = 0;
  private dropped = 0;

  /** Closes the open step and starts a new one labelled `label`; returns the mark id. */
  mark(label = ''): string {
    this.closeOpenStep();
    this.currentMark = { id: `mark${++this.markCounter}`, label };
    return this.currentMark.id;
  }

  /** Records a change made to the document under `mode`. */
  record(diff: ProjectDiff, mode: CaptureMode = 'record'): void {
    if (mode === 'ignore' || isEmptyDiff(diff)) return;
    if (mode === 'record' && this.redos.length > 0) {
      this.redos = [];
      this.dropped++;
    }
    if (this.open) this.open.diff = squashDiffs(this.open.diff, diff);
    else this.open = { diff, label: this.currentMark.label, markId: this.currentMark.id };
  }

  /**
   * The inverse of what was recorded since mark `markId` (if it is the open step's mark);
   * the caller applies it. Returns null when there is nothing to revert.
   */
  bailToMark(markId: string): ProjectDiff | null {
    if (!this.open || this.open.markId !== markId) return null;
    const inverse = invertDiff(this.open.diff);
    this.open = null;
    return inverse;
  }

  /** Pops one step; returns the diff that undoes it (the caller applies it). */
  undo(): ProjectDiff | null {
    this.closeOpenStep();
    const step = this.undos.pop();
    if (!step) return null;
    this.redos.push(step);
    return invertDiff(step.diff);
  }

  /** Re-applies one undone step; returns its diff. */
  redo(): ProjectDiff | null {
    this.closeOpenStep();
    const step = this.redos.pop();
    if (!step) return null;
    this.undos.push(step);
    return step.diff;
  }

  canUndo(): boolean {
    return this.undos.length > 0 || (this.open !== null && !isEmptyDiff(this.open.diff));
  }

  canRedo(): boolean {
    return this.redos.length > 0;
  }

  /** Labels of the steps on the undo stack, oldest first (for tests and a history panel). */
  undoLabels(): string[] {
    this.closeOpenStep();
    return this.undos.map((step) => step.label);
  }

  clear(): void {
    this.undos = [];
    this.redos = [];
    this.open = null;
    this.dropped++;
  }

  /**
   * Counts the times steps were thrown away (the redo stack cleared by a new change, the oldest step
   * past HISTORY_LIMIT, a clear): what only those steps referred to can go.
   */
  droppedCount(): number {
    return this.dropped;
  }

  /** Visits every diff still held: the undo and redo stacks and the open step. */
  forEachDiff(visit: (diff: ProjectDiff) => void): void {
    for (const step of this.undos) visit(step.diff);
    for (const step of this.redos) visit(step.diff);
    if (this.open) visit(this.open.diff);
  }

  private closeOpenStep(): void {
    if (!this.open) return;
    if (!isEmptyDiff(this.open.diff)) {
      this.undos.push({ diff: this.open.diff, label: this.open.label });
      if (this.undos.length > HISTORY_LIMIT) {
        this.undos.shift();
        this.dropped++;
      }
    }
    this.open = null;
  }
}
