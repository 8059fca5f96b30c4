/** The editor's top bar: back to the project list, name, undo/redo, zoom, save status, export, help. */
import { useTranslation } from 'react-i18next';
import { LocalLink } from '../../../components/LocalLink';
import { useEditorSelector } from '../../EditorContext';
import type { Persistence } from '../../persistence/usePersistence';
import { Icon } from '../Icon';
import { ExportMenu } from './ExportMenu';
import { ProjectNameField } from './ProjectNameField';
import { SaveStatusBadge } from './SaveStatusBadge';
import { UndoRedo } from './UndoRedo';
import { ZoomControls } from './ZoomControls';

interface Props {
  persistence: Persistence;
  onImport(): void;
  onHelp(): void;
}

export function Toolbar({ persistence, onImport, onHelp }: Props) {
  const { t } = useTranslation();
  const type = useEditorSelector((s) => s.project.type);
  const listPath = type === 'cutouts' ? '/cutouts' : '/project';
  return (
    <div className="ed-toolbar" role="region" aria-label={t('editor.toolbar.label')}>
      <div className="ed-toolbar__start">
        <LocalLink to={listPath} className="ed-icon-button" aria-label={t('editor.toolbar.back')} title={t('editor.toolbar.back')} data-testid="toolbar.back">
          <Icon name="back" />
        </LocalLink>
        <ProjectNameField />
        <SaveStatusBadge status={persistence.status} onKeepMine={persistence.keepMine} />
      </div>
      <div className="ed-toolbar__middle">
        <UndoRedo />
        <ZoomControls />
      </div>
      <div className="ed-toolbar__end">
        <button
          type="button"
          className="ed-icon-button"
          onClick={onHelp}
          aria-label={t('editor.help.open')}
          title={t('editor.help.open')}
          data-testid="toolbar.help"
        >
          <Icon name="help" />
        </button>
        <ExportMenu onImport={onImport} />
      </div>
    </div>
  );
}
