/**
 * Commands are the one source of menu labels and command shortcuts: every command has a label in
 * all 14 languages, every key it declares runs it, and no key does two things.
 */
import { describe, expect, it } from 'vitest';
import * as commandsModule from '../../engine/commands';
import { type AnyCommand, COMMANDS, defineCommand } from '../../engine/commands';
import { LANGUAGES } from '../../engine/spec/locales';
import { MESSAGES, type Messages } from '../../locales';
import { type Shortcut, SHORTCUTS, clashingCombos, shortcutHelp, unboundCommandShortcuts } from './canvas/shortcuts';

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** `language: label key` for each command label a language lacks. */
function untranslatedLabels(commands: readonly AnyCommand[]): string[] {
  return LANGUAGES.flatMap((lang) =>
    commands.filter((command) => !lookup(MESSAGES[lang], command.label)?.trim()).map((command) => `${lang}: ${command.label}`),
  );
}

const fake = (name: string, label: string, shortcuts?: string[]) => defineCommand({ name, label, shortcuts, run: () => undefined });

describe('the command catalogue', () => {
  it('lists every command the engine exports', () => {
    const exported = Object.values(commandsModule).filter(
      (value): value is AnyCommand => typeof value === 'object' && value !== null && 'run' in value && 'label' in value,
    );
    expect(exported.length).toBeGreaterThan(20);
    expect(exported.filter((command) => !COMMANDS.includes(command)).map((command) => command.name)).toEqual([]);
    expect(new Set(COMMANDS.map((command) => command.name)).size).toBe(COMMANDS.length);
  });

  it('every command has its label in all 14 languages', () => {
    expect(LANGUAGES).toHaveLength(14);
    expect(untranslatedLabels(COMMANDS)).toEqual([]);
    expect(lookup(MESSAGES.de, commandsModule.duplicateLayers.label)).toBe('Duplizieren');
  });

  it('a command without a translated label fails the check', () => {
    expect(untranslatedLabels([fake('layer.new', 'commands.layer.notThere')])).toHaveLength(14);
  });

  it('every key a command declares runs it, and the shortcut sheet shows it under the command label', () => {
    expect(unboundCommandShortcuts()).toEqual([]);
    const row = shortcutHelp().find((entry) => entry.labelKey === commandsModule.deleteLayers.label);
    expect(row?.keys).toEqual(['Delete', 'Backspace']);
    expect(unboundCommandShortcuts(SHORTCUTS, [...COMMANDS, fake('layer.new', 'commands.layer.add', ['Mod+K'])])).toEqual(['layer.new']);
  });

  it('no key does two things; a command taking a bound key, or a table entry bound twice, fails the check', () => {
    expect(clashingCombos()).toEqual([]);
    expect(clashingCombos(SHORTCUTS, [...COMMANDS, fake('layer.new', 'commands.layer.add', ['Mod+C'])])).toEqual(['Mod+C']);
    const twice: Shortcut = { keys: ['Mod+Z'], action: { type: 'zoomFit' }, labelKey: 'canvas.shortcuts.zoomFit' };
    expect(clashingCombos([...SHORTCUTS, twice])).toEqual(['Mod+Z']);
  });
});
