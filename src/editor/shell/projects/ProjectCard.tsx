/** One project in the grid: thumbnail (or a placeholder), name (renamable in place), last change, open/rename/delete. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isIdPhotoProjectId } from '../../../../engine/doc/projectIds';
import type { ProjectListItem } from '../../../api/projectsApi';
import { LocalLink } from '../../../components/LocalLink';
import { Icon } from '../Icon';

/** A hue of its own for each project (from its id), so placeholders tell projects apart. */
function hueOf(seed: string): number {
  let h = 0;
  for (let i = 0; i < seed.length; i += 1) h = (h * 31 + seed.charCodeAt(i)) >>> 0;
  return h % 360;
}

/** The placeholder: the name's first letter on a soft colour. */
function ProjectMonogram({ name, seed }: { name: string; seed: string }) {
  const hue = hueOf(seed);
  return (
    <span className="ed-project__placeholder" data-testid="projects.placeholder" style={{ background: `hsl(${hue} 70% 93%)`, color: `hsl(${hue} 45% 38%)` }}>
      {Array.from(name.trim())[0]?.toLocaleUpperCase() ?? ''}
    </span>
  );
}

interface Props {
  item: ProjectListItem;
  onRename(name: string): Promise<boolean>;
  onDelete(): void;
}

export function ProjectCard({ item, onRename, onDelete }: Props) {
  const { t, i18n } = useTranslation();
  const [renaming, setRenaming] = useState(false);
  const [draft, setDraft] = useState(item.name);
  const [broken, setBroken] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const name = item.name.trim() || t('projects.untitled');
  // ID photo projects (IDP_) open in the ID photo editor, which keeps the photo inside its template's band.
  const openPath = `${isIdPhotoProjectId(item.projectId) ? '/tools/id-photo-edit' : '/create/edit'}?pid=${encodeURIComponent(item.projectId)}`;
  const updated = new Date(item.updatedAt);
  const when = Number.isNaN(updated.getTime()) ? '' : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(updated);

  const commit = async () => {
    const next = draft.trim();
    if (!next || next === item.name) {
      setRenaming(false);
      setDraft(item.name);
      return;
    }
    if (await onRename(next)) setRenaming(false);
  };

  return (
    <li className="card ed-project" data-testid={`projects.item.${item.projectId}`}>
      {/* A fixed 4:3 box: the project's letter on its colour until the thumbnail has loaded (or for good, without one),
          so the grid neither flashes blank nor changes height while thumbnails arrive. */}
      <LocalLink to={openPath} className="ed-project__thumb" tabIndex={-1} aria-hidden="true" data-loaded={loaded}>
        {!loaded && <ProjectMonogram name={name} seed={item.projectId} />}
        {item.thumbnailUrl && !broken && (
          <img
            src={item.thumbnailUrl}
            alt=""
            loading="lazy"
            decoding="async"
            className={loaded ? 'is-loaded' : undefined}
            onLoad={() => setLoaded(true)}
            onError={() => setBroken(true)}
          />
        )}
      </LocalLink>
      <div className="ed-project__meta">
        {renaming ? (
          <input
            className="ed-input"
            value={draft}
            maxLength={120}
            autoFocus
            aria-label={t('projects.renameLabel')}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={() => void commit()}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void commit();
              if (event.key === 'Escape') {
                setDraft(item.name);
                setRenaming(false);
              }
            }}
            data-testid="projects.rename.input"
          />
        ) : (
          <LocalLink to={openPath} className="ed-project__name" data-testid="projects.open">
            {name}
          </LocalLink>
        )}
        {when && <p className="ed-project__date">{t('projects.updated', { when })}</p>}
      </div>
      <div className="ed-project__actions">
        <button
          type="button"
          className="ed-icon-button"
          onClick={() => {
            setDraft(item.name);
            setRenaming(true);
          }}
          aria-label={t('projects.rename', { name })}
          title={t('projects.rename', { name })}
          data-testid="projects.rename"
        >
          <Icon name="text" size={18} />
        </button>
        <button
          type="button"
          className="ed-icon-button"
          onClick={onDelete}
          aria-label={t('projects.delete', { name })}
          title={t('projects.delete', { name })}
          data-testid="projects.delete"
        >
          <Icon name="trash" size={18} />
        </button>
      </div>
    </li>
  );
}
