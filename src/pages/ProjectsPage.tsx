/**
 * /project and /cutouts: the device's saved designs or cut-outs as cards — open, rename, delete —
 * with loading, error and empty states.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectType } from '../../engine/doc/types';
import { deleteProject, renameProject, type ProjectListItem } from '../api/projectsApi';
import { BACKGROUND_REMOVER_PATH } from '../../engine/site/routes';
import { LocalLink } from '../components/LocalLink';
import { useToast } from '../components/ToastContext';
import { ConfirmDialog } from '../editor/shell/dialogs/ConfirmDialog';
import { ProjectCard } from '../editor/shell/projects/ProjectCard';
import { useProjectList } from '../editor/shell/projects/useProjectList';
import '../editor/styles/editor.css';
import '../editor/shell/create/pages.css';

export function ProjectsPage({ type }: { type: ProjectType }) {
  const { t } = useTranslation();
  const toast = useToast();
  const list = useProjectList(type);
  const [deleting, setDeleting] = useState<ProjectListItem | null>(null);
  const [busy, setBusy] = useState(false);
  const area = type === 'cutouts' ? 'cutouts' : 'designs';
  const ctaPath = type === 'cutouts' ? BACKGROUND_REMOVER_PATH : '/create';
  const cta = (
    <LocalLink to={ctaPath} className="button button--primary" data-testid="projects.new">
      {t(`projects.${area}.cta`)}
    </LocalLink>
  );

  const rename = async (item: ProjectListItem, name: string) => {
    try {
      const saved = await renameProject(item.projectId, name);
      list.patch(item.projectId, { name: saved.name, updatedAt: saved.updatedAt });
      return true;
    } catch {
      toast.show(t('projects.renameFailed'), 'error');
      return false;
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteProject(deleting.projectId);
      list.patch(deleting.projectId, null);
      toast.show(t('projects.deleted'), 'success');
      setDeleting(null);
    } catch {
      toast.show(t('projects.deleteFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };

  const { state } = list;
  return (
    <div className="container ed-projects" data-testid={`page.${type}`}>
      <header className="page-header ed-projects__header">
        <div>
          <h1 className="page-title">{t(`projects.${area}.title`)}</h1>
          <p className="lead">{t(`projects.${area}.subtitle`)}</p>
        </div>
        {state.status === 'ready' && state.items.length > 0 && cta}
      </header>

      {state.status === 'loading' && (
        <ul className="ed-project-grid" aria-busy="true" aria-label={t('projects.loading')} data-testid="projects.loading">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className="card ed-project ed-project--skeleton">
              <span className="ed-project__thumb" />
              <span className="ed-project__meta">
                <span className="ed-project__bar" />
                <span className="ed-project__bar ed-project__bar--short" />
              </span>
            </li>
          ))}
        </ul>
      )}

      {state.status === 'error' && (
        <div className="card ed-projects__state" role="alert" data-testid="projects.error">
          <p>{t('projects.loadFailed')}</p>
          <button type="button" className="button button--primary" onClick={list.reload}>
            {t('projects.retry')}
          </button>
        </div>
      )}

      {state.status === 'ready' && state.items.length === 0 && (
        <div className="card ed-projects__state" data-testid="projects.empty">
          <h2 className="ed-projects__empty-title">{t(`projects.${area}.emptyTitle`)}</h2>
          <p className="muted">{t(`projects.${area}.emptyBody`)}</p>
          {cta}
        </div>
      )}

      {state.status === 'ready' && state.items.length > 0 && (
        <ul className="ed-project-grid" data-testid="projects.grid">
          {state.items.map((item) => (
            <ProjectCard key={item.projectId} item={item} onRename={(name) => rename(item, name)} onDelete={() => setDeleting(item)} />
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={t('projects.deleteTitle')}
        message={t('projects.deleteBody', { name: deleting?.name.trim() || t('projects.untitled') })}
        confirmLabel={t('projects.deleteConfirm')}
        danger
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
