/**
 * Commands are named functions that write through the Editor (Excalidraw-style metadata).
 * They never hand-write undo: the history records what they changed.
 */
import type { Editor } from '../Editor';

export interface Command<Args, Result = void> {
  /** Dotted name, e.g. 'layer.move'; also the undo step's label. */
  name: string;
  /** i18n key of the menu/tooltip label (locales/sections/commands; checked in every language by commandCatalogue.test.ts). */
  label: string;
  /**
   * Keyboard shortcuts in `Mod+Shift+Z` form, if any: the canvas keyboard table, the shortcut sheet
   * and the menus' tooltips read them from here (src/editor/canvas/shortcuts.ts).
   */
  shortcuts?: readonly string[];
  isEnabled?(editor: Editor, args: Args): boolean;
  run(editor: Editor, args: Args): Result;
}

/** Declares a command; the identity function exists for type inference and one place to document the shape. */
export function defineCommand<Args, Result = void>(command: Command<Args, Result>): Command<Args, Result> {
  return command;
}
