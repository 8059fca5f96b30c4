/** What the editor page shows before the editor: loading, a clear failure with ways out, or the draft question. */
import { useTranslation } from 'react-i18next';
import { LocalLink } from '../../components/LocalLink';
import type { LoadErrorKind } from '../persistence/useProjectLoader';

export function LoadingScreen({ done, total }: { done: number; total: number }) {
  const { t } = useTranslation();
  return (
    <div className="ed-screen" role="status" aria-live="polite" data-testid="editor.loading">
      <span className="ed-spinner" aria-hidden="true" />
      <p>{total > 0 ? t('editor.load.images', { done, total }) : t('editor.load.loading')}</p>
    </div>
  );
}

interface ErrorProps {
  kind: LoadErrorKind;
  detail: string;
  localCopyAt: number | null;
  onRetry(): void;
  onOpenLocal(): void;
}

export function LoadErrorScreen({ kind, detail, localCopyAt, onRetry, onOpenLocal }: ErrorProps) {
  const { t, i18n } = useTranslation();
  const when = localCopyAt ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(localCopyAt) : '';
  return (
    <div className="ed-screen" data-testid="editor.error" data-kind={kind}>
      <div className="card ed-screen__card" role="alert">
        <h1 className="ed-screen__title">{t(`editor.load.errors.${kind}.title`)}</h1>
        <p>{t(`editor.load.errors.${kind}.body`)}</p>
        {detail && kind === 'malformed' && (
          <p className="ed-screen__detail" data-testid="editor.error.detail">
            {detail}
          </p>
        )}
        <div className="button-row center">
          {kind === 'network' && (
            <button type="button" className="button button--primary" onClick={onRetry} data-testid="editor.retry">
              {t('editor.load.retry')}
            </button>
          )}
          {kind === 'network' && localCopyAt !== null && (
            <button type="button" className="button button--secondary" onClick={onOpenLocal} data-testid="editor.openLocal">
              {t('editor.load.openLocal', { when })}
            </button>
          )}
          <LocalLink to="/project" className="button button--secondary" data-testid="editor.backToProjects">
            {t('editor.load.backToProjects')}
          </LocalLink>
          <LocalLink to="/create" className="button button--ghost">
            {t('editor.load.newDesign')}
          </LocalLink>
        </div>
      </div>
    </div>
  );
}

export function DraftQuestion({ savedAt, onChoose }: { savedAt: number; onChoose(restore: boolean): void }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(savedAt);
  return (
    <div className="ed-screen" data-testid="draft.prompt">
      <div className="card ed-screen__card" role="alertdialog" aria-labelledby="draft-title" aria-describedby="draft-body">
        <h1 id="draft-title" className="ed-screen__title">
          {t('editor.draft.title')}
        </h1>
        <p id="draft-body">{t('editor.draft.body', { when })}</p>
        <div className="button-row center">
          <button type="button" className="button button--primary" onClick={() => onChoose(true)} data-testid="draft.restore" autoFocus>
            {t('editor.draft.restore')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => onChoose(false)} data-testid="draft.discard">
            {t('editor.draft.discard')}
          </button>
        </div>
      </div>
    </div>
  );
}
