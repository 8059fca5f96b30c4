/**
 * One undo step per continuous gesture (a slider drag, a colour-picker session): the first write
 * of a gesture starts a step (`editor.mark`), later writes append to it (`{ mark: false }`).
 * Outside a gesture (keyboard on a slider) each write is its own step.
 */
import { useCallback, useMemo, useRef } from 'react';
import type { Command } from '../../../../engine/commands';
import { useEditor } from '../../EditorContext';

export interface Gesture {
  /**
   * Call on pointerdown (or focus of a picker): the next writes form one step. `owner` names the
   * control, so that another control's blur (which fires after the next pointerdown) cannot end it.
   */
  begin(label: string, owner?: string): void;
  /** Writes through a command, appending to the open gesture if any. */
  exec<Args, Result>(command: Command<Args, Result>, args: Args): Result | undefined;
  /** Ends the gesture; with `owner`, only if that control began it. */
  end(owner?: string): void;
}

export function useGesture(): Gesture {
  const editor = useEditor();
  const active = useRef(false);
  const marked = useRef(false);
  const label = useRef('');
  const owner = useRef<string | undefined>(undefined);

  const begin = useCallback((name: string, by?: string) => {
    active.current = true;
    marked.current = false;
    label.current = name;
    owner.current = by;
  }, []);

  const exec = useCallback(
    <Args, Result>(command: Command<Args, Result>, args: Args) => {
      if (!active.current) return editor.exec(command, args);
      // Marked lazily: a click that changes nothing leaves no empty step behind.
      if (!marked.current) {
        editor.mark(label.current || command.name);
        marked.current = true;
      }
      return editor.exec(command, args, { mark: false });
    },
    [editor],
  );

  const end = useCallback((by?: string) => {
    if (by !== undefined && owner.current !== undefined && by !== owner.current) return;
    active.current = false;
    marked.current = false;
    owner.current = undefined;
  }, []);

  return useMemo(() => ({ begin, exec, end }), [begin, exec, end]);
}
