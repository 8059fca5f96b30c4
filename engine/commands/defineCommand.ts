/**
 * Commands are named functions that write through the Editor (Excalidraw-style metadata).
 * They never hand-write undo: the history records what they changed. Their shape, `Command`, is
 * declared beside the Editor that runs them (engine/Editor.ts).
 */
import type { Command } from '../Editor';

export type { Command };

/** Declares a command; the identity function exists for type inference and one place to document the shape. */
export function defineCommand<Args, Result = void>(command: Command<Args, Result>): Command<Args, Result> {
  return command;
}
