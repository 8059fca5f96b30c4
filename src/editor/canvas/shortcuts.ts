/**
 * The canvas's keyboard shortcuts as data (key combo → action), so the help dialog lists exactly
 * what the keyboard handler runs. A command's own keys and label come from the command
 * (engine/commands: `shortcuts`, `label`), never written again here; this table adds the keys of
 * actions that are no single command (undo, copy, zoom) and of commands with arguments per key
 * (nudge, reorder). Combos are written `Mod+Shift+Alt+Key`: Mod is Ctrl, or ⌘ on a Mac (either is
 * accepted everywhere); Key is a letter in upper case, a digit, a punctuation character of the US
 * layout (`]`, `=`) or a KeyboardEvent.key name (`ArrowLeft`, `Delete`).
 */
import { type AnyCommand, COMMANDS, deleteLayers, duplicateLayers, pasteLayers } from '../../../engine/commands';

export type ReorderTarget = 'front' | 'back' | 'forward' | 'backward';

export type ShortcutAction =
  | { type: 'nudge'; dx: number; dy: number }
  | { type: 'delete' }
  | { type: 'copy' }
  | { type: 'paste' }
  | { type: 'duplicate' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reorder'; to: ReorderTarget }
  | { type: 'selectAll' }
  | { type: 'deselect' }
  | { type: 'editText' }
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  | { type: 'zoomFit' }
  | { type: 'zoom100' };

export interface Shortcut {
  keys: readonly string[];
  action: ShortcutAction;
  /** i18n key of the help text (`canvas.shortcuts.*`, or the command's label). */
  labelKey: string;
  /** The engine command it runs, when it is one (its name). */
  command?: string;
}

/** Nudge distances in canvas pixels. */
export const NUDGE = 1;
export const NUDGE_FAR = 10;

const nudge = (key: string, dx: number, dy: number): Shortcut[] => [
  { keys: [key], action: { type: 'nudge', dx: dx * NUDGE, dy: dy * NUDGE }, labelKey: 'canvas.shortcuts.nudge', command: 'layer.move' },
  { keys: [`Shift+${key}`], action: { type: 'nudge', dx: dx * NUDGE_FAR, dy: dy * NUDGE_FAR }, labelKey: 'canvas.shortcuts.nudgeFar', command: 'layer.move' },
];

/** The shortcut of a command that declares its keys: label and keys are the command's. */
function fromCommand(command: AnyCommand, action: ShortcutAction): Shortcut {
  if (!command.shortcuts?.length) throw new Error(`${command.name} declares no shortcut`);
  return { keys: command.shortcuts, action, labelKey: command.label, command: command.name };
}

export const SHORTCUTS: readonly Shortcut[] = [
  ...nudge('ArrowLeft', -1, 0),
  ...nudge('ArrowRight', 1, 0),
  ...nudge('ArrowUp', 0, -1),
  ...nudge('ArrowDown', 0, 1),
  fromCommand(deleteLayers, { type: 'delete' }),
  { keys: ['Mod+C'], action: { type: 'copy' }, labelKey: 'canvas.shortcuts.copy' },
  fromCommand(pasteLayers, { type: 'paste' }),
  fromCommand(duplicateLayers, { type: 'duplicate' }),
  { keys: ['Mod+Z'], action: { type: 'undo' }, labelKey: 'canvas.shortcuts.undo' },
  { keys: ['Mod+Shift+Z', 'Mod+Y'], action: { type: 'redo' }, labelKey: 'canvas.shortcuts.redo' },
  { keys: ['Mod+]'], action: { type: 'reorder', to: 'forward' }, labelKey: 'canvas.shortcuts.forward', command: 'layer.reorder' },
  { keys: ['Mod+['], action: { type: 'reorder', to: 'backward' }, labelKey: 'canvas.shortcuts.backward', command: 'layer.reorder' },
  { keys: ['Mod+Shift+]'], action: { type: 'reorder', to: 'front' }, labelKey: 'canvas.shortcuts.front', command: 'layer.reorder' },
  { keys: ['Mod+Shift+['], action: { type: 'reorder', to: 'back' }, labelKey: 'canvas.shortcuts.back', command: 'layer.reorder' },
  { keys: ['Mod+A'], action: { type: 'selectAll' }, labelKey: 'canvas.shortcuts.selectAll' },
  { keys: ['Escape'], action: { type: 'deselect' }, labelKey: 'canvas.shortcuts.deselect' },
  { keys: ['Enter'], action: { type: 'editText' }, labelKey: 'canvas.shortcuts.editText' },
  { keys: ['Mod+=', 'Mod+Shift+='], action: { type: 'zoomIn' }, labelKey: 'canvas.shortcuts.zoomIn' },
  { keys: ['Mod+-'], action: { type: 'zoomOut' }, labelKey: 'canvas.shortcuts.zoomOut' },
  { keys: ['Shift+1'], action: { type: 'zoomFit' }, labelKey: 'canvas.shortcuts.zoomFit' },
  { keys: ['Mod+0'], action: { type: 'zoom100' }, labelKey: 'canvas.shortcuts.zoom100' },
];

/** Combos bound twice (in this table, or by two commands): each must do one thing. */
export function clashingCombos(shortcuts: readonly Shortcut[] = SHORTCUTS, commands: readonly AnyCommand[] = COMMANDS): string[] {
  const owners = new Map<string, Set<string>>();
  const claim = (combo: string, owner: string) => owners.set(combo, (owners.get(combo) ?? new Set()).add(owner));
  shortcuts.forEach((shortcut, i) => shortcut.keys.forEach((combo) => claim(combo, shortcut.command ?? `#${i}`)));
  // A command's keys belong to it; the table entry made from it claims them under the same name.
  for (const command of commands) for (const combo of command.shortcuts ?? []) claim(combo, command.name);
  const twice = shortcuts.flatMap((shortcut) => shortcut.keys).filter((combo, i, all) => all.indexOf(combo) !== i);
  return [...new Set([...twice, ...[...owners].filter(([, who]) => who.size > 1).map(([combo]) => combo)])];
}

/** Commands whose keys the keyboard table does not run (a declared shortcut must work). */
export function unboundCommandShortcuts(shortcuts: readonly Shortcut[] = SHORTCUTS, commands: readonly AnyCommand[] = COMMANDS): string[] {
  return commands
    .filter((command) => command.shortcuts?.some((combo) => !shortcuts.some((s) => s.command === command.name && s.keys.includes(combo))))
    .map((command) => command.name);
}

/** The keys of a command as people read them (`Ctrl+D`, `⌘D`), for menu tooltips; '' without one. */
export function commandKeys(command: AnyCommand, isMac: boolean): string {
  return (command.shortcuts ?? []).map((combo) => formatCombo(combo, isMac)).join(', ');
}

const BY_COMBO = new Map<string, Shortcut>(SHORTCUTS.flatMap((shortcut) => shortcut.keys.map((key) => [key, shortcut] as const)));

/** Keys named by their physical position, so Shift (`}` for `]`) and non-Latin layouts still match. */
const CODE_KEYS: Record<string, string> = {
  BracketLeft: '[',
  BracketRight: ']',
  Equal: '=',
  Minus: '-',
  NumpadAdd: '=',
  NumpadSubtract: '-',
};

export interface KeyLike {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** The combo string of a key event (`Mod+Shift+Z`), as written in SHORTCUTS. */
export function comboFromEvent(event: KeyLike): string {
  const code = event.code ?? '';
  let key = event.key;
  if (CODE_KEYS[code]) key = CODE_KEYS[code];
  else if (/^Digit\d$/.test(code)) key = code.slice(5);
  else if (/^[a-z]$/i.test(key)) key = key.toUpperCase();
  // A letter on a non-Latin layout (e.g. Cyrillic) still has its Latin position in `code`.
  else if (/^Key[A-Z]$/.test(code) && key.length === 1) key = code.slice(3);
  const parts: string[] = [];
  if (event.ctrlKey || event.metaKey) parts.push('Mod');
  if (event.shiftKey) parts.push('Shift');
  if (event.altKey) parts.push('Alt');
  parts.push(key);
  return parts.join('+');
}

/** The shortcut for a key event, if any. */
export function findShortcut(event: KeyLike): Shortcut | undefined {
  return BY_COMBO.get(comboFromEvent(event));
}

/** Help-dialog rows: one per label, with every combo that does it. */
export function shortcutHelp(): Array<{ labelKey: string; keys: string[] }> {
  const rows = new Map<string, string[]>();
  for (const shortcut of SHORTCUTS) rows.set(shortcut.labelKey, [...(rows.get(shortcut.labelKey) ?? []), ...shortcut.keys]);
  return [...rows].map(([labelKey, keys]) => ({ labelKey, keys }));
}

const MAC_SYMBOLS: Record<string, string> = { Mod: '⌘', Shift: '⇧', Alt: '⌥' };
const ARROWS: Record<string, string> = { ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓' };

/** A combo as people read it: `⌘⇧Z` on a Mac, `Ctrl+Shift+Z` elsewhere. */
export function formatCombo(combo: string, isMac: boolean): string {
  const parts = combo.split('+').map((part, i, all) => {
    if (part === '' && i === all.length - 1) return '+';
    if (ARROWS[part]) return ARROWS[part];
    if (part === 'Mod') return isMac ? MAC_SYMBOLS.Mod : 'Ctrl';
    if (isMac && MAC_SYMBOLS[part]) return MAC_SYMBOLS[part];
    if (part === 'Escape') return 'Esc';
    return part;
  });
  return isMac ? parts.join('') : parts.join('+');
}
