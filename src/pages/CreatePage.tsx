/**
 * /create: pick a canvas size or template (or type one), which makes a new project on the server
 * and opens it in the editor; or open a project file (.zip).
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useLocalize } from '../hooks/useLang';
import { useToast } from '../components/ToastContext';
import { LocalLink } from '../components/LocalLink';
import { HiddenFileInput } from '../editor/shell/actions/HiddenFileInput';
import { SizeForm } from '../editor/shell/create/SizeForm';
import { PresetCard } from '../editor/shell/create/PresetCard';
import { createNewProject } from '../editor/shell/create/createNewProject';
import { Icon } from '../editor/shell/Icon';
import { useImportZip } from '../editor/shell/useImportZip';
import { CANVAS_PRESETS, PRESET_GROUPS, customSize, presetSize, type CanvasSizeChoice } from '../editor/templates';
import '../editor/styles/editor.css';
import '../editor/shell/create/pages.css';

export function CreatePage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const localize = useLocalize();
  const importer = useImportZip();
  const zipInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const create = async (choice: CanvasSizeChoice, name: string) => {
    if (busy) return;
    setBusy(true);
    try {
      const pid = await createNewProject(choice, name);
      navigate(localize(`/create/edit?pid=${encodeURIComponent(pid)}`), { state: { fresh: true } });
    } catch (error) {
      console.error('creating the project failed', error);
      toast.show(t('editor.create.failed'), 'error');
      setBusy(false);
    }
  };

  return (
    <div className="container ed-create" data-testid="page.create" aria-busy={busy || importer.busy}>
      <header className="page-header">
        <h1 className="page-title">{t('editor.create.title')}</h1>
        <p className="lead">{t('editor.create.subtitle')}</p>
        <p>
          <LocalLink to="/template" className="button button--secondary" data-testid="create.templates">
            {t('site.home.templatesCta')}
          </LocalLink>
        </p>
      </header>

      {PRESET_GROUPS.map((group) => (
        <section key={group} className="ed-create__group" aria-labelledby={`group-${group}`}>
          <h2 id={`group-${group}`} className="ed-create__heading">
            {t(`editor.sizeGroups.${group}`)}
          </h2>
          <ul className="ed-preset-grid">
            {CANVAS_PRESETS.filter((preset) => preset.group === group).map((preset) => (
              <PresetCard key={preset.id} preset={preset} busy={busy} onPick={() => void create(presetSize(preset), t(`editor.sizes.${preset.id}`))} />
            ))}
          </ul>
        </section>
      ))}

      <div className="ed-create__row">
        <section className="card ed-create__custom" aria-labelledby="create-custom">
          <h2 id="create-custom" className="ed-create__heading">
            {t('editor.create.customTitle')}
          </h2>
          <SizeForm
            submitLabel={t('editor.create.customSubmit')}
            busy={busy}
            onSubmit={(width, height) => void create(customSize(width, height), t('editor.create.customName', { width, height }))}
            testId="create.custom"
          />
        </section>

        <section className="card ed-create__import" aria-labelledby="create-import">
          <h2 id="create-import" className="ed-create__heading">
            {t('editor.create.importTitle')}
          </h2>
          <p className="muted">{t('editor.create.importBody')}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => zipInput.current?.click()}
            disabled={importer.busy}
            data-testid="create.import"
          >
            <Icon name="file" />
            {importer.busy ? t('editor.create.importing') : t('editor.create.importButton')}
          </button>
          {importer.error && (
            <p className="ed-field__error" role="alert" data-testid="create.import.error">
              {importer.error}
            </p>
          )}
          <HiddenFileInput
            inputRef={zipInput}
            accept=".zip,application/zip"
            testId="create.import.input"
            onFiles={([file]) => void importer.importFile(file)}
          />
        </section>
      </div>
    </div>
  );
}
