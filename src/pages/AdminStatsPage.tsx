/**
 * /admin/stats: median and 95th percentile of every task phase, per task type, from the timing
 * reports browsers send (GET /api/admin/stats/timings). The server decides who may read it; on
 * 403 the page asks for the admin token and keeps it in sessionStorage (gone with the tab).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../engine/util/formatDuration';
import { TIMING_STAT_KEYS, type TimingStats } from '../../engine/util/timingPhases';
import { fetchTimingStats } from '../api/timingReport';
import './AdminStatsPage.css';

const TOKEN_KEY = 'lumacut.adminToken';
const PERIODS = [0, 7, 30, 90] as const; // 0 = all time

export type AdminStatsState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'forbidden'; rejected: boolean }
  | { status: 'ready'; stats: TimingStats };

// sessionStorage throws in some privacy modes; the page then just asks again next time.
function readToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}
function writeToken(token: string | null): void {
  try {
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Kept in memory only.
  }
}

export function AdminStatsPage() {
  const [token, setToken] = useState<string | null>(readToken);
  const [days, setDays] = useState<number>(0);
  const [reload, setReload] = useState(0);
  const [state, setState] = useState<AdminStatsState>({ status: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` is the refresh counter: a new value fetches again
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchTimingStats(token, { days: days || null, signal: controller.signal })
      .then((result) => {
        if (result.kind === 'ok') return setState({ status: 'ready', stats: result.stats });
        // A stored token that no longer works is dropped, so a new one can be typed.
        if (token) writeToken(null);
        setState({ status: 'forbidden', rejected: Boolean(token) });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [token, days, reload]);

  const submitToken = (value: string) => {
    const trimmed = value.trim();
    if (!trimmed) return;
    writeToken(trimmed);
    setToken(trimmed);
    setReload((n) => n + 1); // the same token again still asks again
  };

  return <AdminStatsView state={state} days={days} onDays={setDays} onReload={() => setReload((n) => n + 1)} onToken={submitToken} />;
}

export interface AdminStatsViewProps {
  state: AdminStatsState;
  /** Period in days; 0 = all time. */
  days: number;
  onDays(days: number): void;
  onReload(): void;
  onToken(token: string): void;
}

/** What the page shows for each state; no fetching here (rendered alone by the tests). */
export function AdminStatsView({ state, days, onDays, onReload, onToken }: AdminStatsViewProps) {
  const { t } = useTranslation();
  return (
    <div className="container admin-stats" data-testid="page.adminStats">
      <header className="page-header">
        <h1 className="page-title">{t('admin.title')}</h1>
        <p className="lead">{t('admin.subtitle')}</p>
      </header>

      {state.status !== 'forbidden' && (
        <div className="admin-stats__toolbar">
          <label className="admin-stats__period">
            <span>{t('admin.period')}</span>
            <select className="select" value={days} onChange={(e) => onDays(Number(e.target.value))} data-testid="adminStats.period">
              {PERIODS.map((d) => (
                <option key={d} value={d}>
                  {d === 0 ? t('admin.periodAll') : t('admin.periodDays', { days: d })}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="button button--secondary" onClick={onReload} disabled={state.status === 'loading'}>
            {t('admin.refresh')}
          </button>
        </div>
      )}

      {state.status === 'loading' && (
        <p className="card admin-stats__state" role="status" aria-busy="true" data-testid="adminStats.loading">
          {t('admin.loading')}
        </p>
      )}

      {state.status === 'error' && (
        <div className="card admin-stats__state" role="alert" data-testid="adminStats.error">
          <p>{t('admin.error')}</p>
          <button type="button" className="button button--primary" onClick={onReload}>
            {t('admin.retry')}
          </button>
        </div>
      )}

      {state.status === 'forbidden' && <TokenForm rejected={state.rejected} onSubmit={onToken} />}

      {state.status === 'ready' && state.stats.types.length === 0 && (
        <p className="card admin-stats__state" data-testid="adminStats.empty">
          {t('admin.empty')}
        </p>
      )}

      {state.status === 'ready' && state.stats.types.map((type) => <TypeTable key={type.funcType} type={type} />)}
    </div>
  );
}

function TokenForm({ rejected, onSubmit }: { rejected: boolean; onSubmit(token: string): void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const inputId = useId();
  const errorId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(value);
  };
  return (
    <form className="card admin-stats__token" onSubmit={submit} data-testid="adminStats.token">
      <h2 className="admin-stats__token-title">{t('admin.tokenTitle')}</h2>
      <p className="muted">{t('admin.tokenBody')}</p>
      <label htmlFor={inputId}>{t('admin.tokenLabel')}</label>
      <input
        id={inputId}
        type="password"
        autoComplete="current-password"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={rejected || undefined}
        aria-describedby={rejected ? errorId : undefined}
        required
      />
      {rejected && (
        <p id={errorId} className="admin-stats__error" role="alert">
          {t('admin.tokenRejected')}
        </p>
      )}
      <button type="submit" className="button button--primary">
        {t('admin.tokenSubmit')}
      </button>
    </form>
  );
}

function TypeTable({ type }: { type: TimingStats['types'][number] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const count = new Intl.NumberFormat(lang);
  return (
    <section className="card admin-stats__type" data-testid={`adminStats.type.${type.funcType}`}>
      <div className="admin-stats__scroll">
        <table className="admin-stats__table">
          <caption>
            <code>{type.funcType}</code> <span className="muted">{t('admin.tasks', { total: count.format(type.count) })}</span>
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.columns.phase')}</th>
              <th scope="col" className="num">
                {t('admin.columns.measured')}
              </th>
              <th scope="col" className="num">
                {t('admin.columns.median')}
              </th>
              <th scope="col" className="num">
                {t('admin.columns.p95')}
              </th>
            </tr>
          </thead>
          <tbody>
            {TIMING_STAT_KEYS.map((key) => {
              const stat = type.stats[key];
              return (
                <tr key={key} className={stat.count === 0 ? 'is-empty' : undefined}>
                  <th scope="row">{t(`admin.phases.${key}`)}</th>
                  <td className="num">{count.format(stat.count)}</td>
                  <td className="num">{formatDuration(stat.median, lang)}</td>
                  <td className="num">{formatDuration(stat.p95, lang)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
