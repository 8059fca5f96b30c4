import { defineCommand } from './defineCommand';
import { clearProjectLayers } from '../doc/clearLayers';

/**
 * Removes every layer but the background (SPEC §4) as one undo step. Returns whether a removed
 * layer needed pro (the UI can then drop its "pro" badge or warn).
 * With only the background left it changes nothing and returns { neededPro: false }.
 * @example const { neededPro } = editor.exec(clearLayers, {}) ?? { neededPro: false }
 */
export const clearLayers = defineCommand({
  name: 'layers.clear',
  label: 'commands.layers.clear',
  run(editor, _args: Record<string, never>): { neededPro: boolean } {
    const { project, neededPro } = clearProjectLayers(editor.getProject());
    editor.update(() => project);
    return { neededPro };
  },
});
