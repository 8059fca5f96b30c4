/**
 * /batch and /batch-edit: the four bulk tools and the visitor's recent batches. `/batch-edit?pid=` is
 * where a batch is resumed: it opens the batch's own tool page, which carries on from the server.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { BATCH_TOOLS, BATCH_TOOL_IDS, type BatchListReply, type BatchToolId } from '../../../engine/spec/batch';
import { getBatch, listBatches } from '../../api/batchApi';
import { LocalLink } from '../../components/LocalLink';
import { ToolIcon } from '../../components/ToolIcon';
import { routeOf, type AppRoute } from '../../../engine/site/routes';
import { pidFromUrl } from '../../batch/useBatch';
import { BatchToolPage, TOOL_PAGE_IDS } from './BatchToolPage';
import './BatchPage.css';

type Resume = { kind: 'loading' } | { kind: 'tool'; tool: BatchToolId } | { kind: 'missing' };

/** `route`: /batch or /batch-edit, whose title the hub shows. */
export function BatchHubPage({ route }: { route: AppRoute }) {
  const pid = pidFromUrl(useLocation().search);
  const [resume, setResume] = useState<Resume>({ kind: 'loading' });
  useEffect(() => {
    if (!pid) return;
    let live = true;
    getBatch(pid).then(
      (b) => live && setResume({ kind: 'tool', tool: b.tool }),
      () => live && setResume({ kind: 'missing' }),
    );
    return () => {
      live = false;
    };
  }, [pid]);

  if (pid && resume.kind === 'loading') return <div className="page-loading" aria-busy="true" data-testid="batch.loading" />;
  if (pid && resume.kind === 'tool') return <BatchToolPage tool={resume.tool} />;
  return <BatchHub titleKey={route.titleKey} missing={Boolean(pid)} />;
}

function BatchHub({ titleKey, missing }: { titleKey: string; missing: boolean }) {
  const { t, i18n } = useTranslation();
  const [recent, setRecent] = useState<BatchListReply['batches']>([]);
  useEffect(() => {
    let live = true;
    listBatches().then(
      (r) => live && setRecent(r.batches),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <div className="container batch-page" data-testid="page.batchHub">
      <header className="page-header center">
        <h1 className="page-title">{t(titleKey)}</h1>
        <p className="lead">{t('batch.hub.lead')}</p>
      </header>
      {missing && (
        <p className="batch-error center" role="alert">
          {t('batch.missingText')}
        </p>
      )}
      <ul className="batch-tools">
        {BATCH_TOOL_IDS.map((tool) => {
          const route = routeOf(BATCH_TOOLS[tool].path);
          return (
            <li key={tool}>
              <LocalLink to={route.path} className="card batch-tool-card">
                <span className="batch-tool-card__icon">
                  <ToolIcon route={route} />
                </span>
                <span className="batch-tool-card__title">{t(`tools.${TOOL_PAGE_IDS[tool]}.title`)}</span>
                <span className="muted small">{t(`batch.tools.${tool}.subtitle`)}</span>
              </LocalLink>
            </li>
          );
        })}
      </ul>
      {recent.length > 0 && (
        <section className="batch-recent" aria-labelledby="batch-recent-title">
          <h2 id="batch-recent-title">{t('batch.hub.recent')}</h2>
          <ul>
            {recent.map((b) => (
              <li key={b.batchId}>
                <LocalLink to={`/batch-edit?pid=${encodeURIComponent(b.batchId)}`}>
                  {t(`tools.${TOOL_PAGE_IDS[b.tool]}.title`)} · {t('batch.hub.recentLine', { completed: b.counts.completed, total: b.counts.total })} ·{' '}
                  {new Date(b.createdAt).toLocaleString(i18n.language)}
                </LocalLink>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="batch-how card">
        <h2>{t('batch.hub.howTitle')}</h2>
        <ol>
          <li>{t('batch.hub.step1')}</li>
          <li>{t('batch.hub.step2')}</li>
          <li>{t('batch.hub.step3')}</li>
        </ol>
      </section>
    </div>
  );
}
