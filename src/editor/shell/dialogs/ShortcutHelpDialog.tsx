/** Keyboard shortcuts, listed from the same table the keyboard handler uses (canvas/shortcuts.ts). */
import { useTranslation } from 'react-i18next';
import { formatCombo, shortcutHelp } from '../../canvas/shortcuts';
import { Dialog } from './Dialog';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** Shortcuts of the shell itself, shown after the canvas ones. */
const SHELL_ROWS = [
  { labelKey: 'editor.help.openHelp', keys: ['?'] },
  { labelKey: 'editor.help.reorderLayers', keys: ['Alt+ArrowUp', 'Alt+ArrowDown'] },
  { labelKey: 'editor.help.renameLayer', keys: ['F2'] },
  { labelKey: 'editor.help.pasteImage', keys: ['Mod+V'] },
];

export function ShortcutHelpDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const rows = [...shortcutHelp(), ...SHELL_ROWS];
  return (
    <Dialog
      open={open}
      title={t('editor.help.title')}
      onClose={onClose}
      testId="shortcuts.dialog"
      wide
      actions={
        <button type="button" className="button button--primary" onClick={onClose} autoFocus>
          {t('editor.common.close')}
        </button>
      }
    >
      <table className="ed-shortcuts">
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{t('editor.help.action')}</th>
            <th scope="col">{t('editor.help.keys')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.labelKey}>
              <td>{t(row.labelKey)}</td>
              <td className="ed-shortcuts__keys">
                {row.keys.map((combo) => (
                  <kbd key={combo}>{formatCombo(combo, isMac)}</kbd>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
