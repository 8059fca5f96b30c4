/**
 * Export drop-down: PNG, JPG (on white, SPEC §1) at the project's export size, the project file
 * (.zip), and opening another project file. Shows "Exporting…" while busy; failures toast.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { designFileName } from '../../../tools/downloadName';
import type { ExportFormat } from '../../../../engine/spec/kinds';
import { useToast } from '../../../components/ToastContext';
import { saveBlob } from '../../../tools/exportImage';
import { useEditor, useEditorSelector } from '../../EditorContext';
import { rawImageOf, selectedImageUri } from '../../export/rawImage';
import { exportProject } from '../../export/renderExport';
import { downloadProjectZip } from '../../persistence/zipActions';
import { Icon } from '../Icon';
import { useMenu } from './useMenu';
import { deleteLayers } from '../../../../engine/commands';
import { proItemsOf, type ProItem } from '../../../../engine/doc/proItems';
import { ProItemsDialog } from '../../../account/ProItemsDialog';
import { accountApi } from '../../../api/accountApi';
import { useLang } from '../../../hooks/useLang';

type Job = ExportFormat | 'zip' | 'raw';

export function ExportMenu({ onImport }: { onImport(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const editor = useEditor();
  const menu = useMenu<HTMLDivElement>();
  const [busy, setBusy] = useState<Job | null>(null);
  const lang = useLang();
  // Pro items found by the server's export check, with the format that was asked for.
  const [proBlock, setProBlock] = useState<{ items: ProItem[]; job: Job } | null>(null);
  // Re-evaluated when the selection changes; the uri itself is read again at click time.
  const hasPicture = useEditorSelector((snapshot) => snapshot.selectedIds.length === 1 && !!selectedImageUri(editor));

  const run = async (job: Job) => {
    menu.setOpen(false);
    setBusy(job);
    try {
      if (job === 'zip') await downloadProjectZip(editor);
      else if (job === 'raw') {
        const { blob, name } = await rawImageOf(editor);
        saveBlob(blob, name);
      } else {
        // Pro items export only with a subscription (SPEC §6); the server decides. Without pro
        // items there is nothing to ask, so such exports also work offline.
        const check = proItemsOf(editor.getProject()).length > 0 ? await accountApi.authorizeExport(editor.getProject()) : null;
        if (check && !check.allowed) {
          setProBlock({ items: check.proItems, job });
          return;
        }
        saveBlob(await exportProject(editor.getProject(), editor.assets, { format: job }), designFileName(editor.getProject().name, job));
      }
    } catch (error) {
      console.error('export failed', error);
      toast.show(t('editor.export.failed'), 'error');
    } finally {
      setBusy(null);
    }
  };

  const item = (job: Job, label: string, hint: string) => (
    <button type="button" role="menuitem" className="ed-menu__item" onClick={() => void run(job)} data-testid={`export.${job}`}>
      <span className="ed-menu__label">{label}</span>
      <span className="ed-menu__hint">{hint}</span>
    </button>
  );

  return (
    <div className="ed-menu-root" ref={menu.root}>
      <button
        type="button"
        className="button button--primary ed-export-button"
        aria-haspopup="menu"
        aria-expanded={menu.open}
        disabled={busy !== null}
        onClick={() => menu.setOpen(!menu.open)}
        data-testid="toolbar.export"
      >
        <Icon name="download" />
        <span>{busy ? t('editor.export.busy') : t('editor.export.button')}</span>
      </button>
      {menu.open && (
        <div className="ed-menu" role="menu" aria-label={t('editor.export.button')}>
          {item('png', t('editor.export.png'), t('editor.export.pngHint'))}
          {item('jpg', t('editor.export.jpg'), t('editor.export.jpgHint'))}
          {hasPicture && item('raw', t('editor.export.raw'), t('editor.export.rawHint'))}
          {item('zip', t('editor.export.zip'), t('editor.export.zipHint'))}
          <hr className="ed-menu__rule" />
          <button
            type="button"
            role="menuitem"
            className="ed-menu__item"
            onClick={() => {
              menu.setOpen(false);
              onImport();
            }}
            data-testid="import.zip"
          >
            <span className="ed-menu__label">{t('editor.import.open')}</span>
            <span className="ed-menu__hint">{t('editor.import.hint')}</span>
          </button>
        </div>
      )}
      <ProItemsDialog
        items={proBlock?.items ?? null}
        lang={lang}
        onClose={() => setProBlock(null)}
        onRemove={() => {
          const ids = (proBlock?.items ?? []).map((i) => i.layerId).filter((id): id is string => id !== null);
          const job = proBlock?.job;
          setProBlock(null);
          editor.exec(deleteLayers, { ids });
          if (job) void run(job);
        }}
      />
    </div>
  );
}
