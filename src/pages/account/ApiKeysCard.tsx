/**
 * The account page's API keys (issue 27): create with a name (the key is shown once, to copy), list with last
 * use, revoke. Links to the API reference (`/api/docs`).
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi, type ApiKeyView } from '../../api/accountApi';
import { useBilling } from '../../account/billingMode';

export function ApiKeysCard() {
  const { t, i18n } = useTranslation();
  const billing = useBilling();
  const [keys, setKeys] = useState<ApiKeyView[]>([]);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(() => {
    accountApi.apiKeys().then(
      (r) => setKeys(r.keys),
      () => undefined,
    );
  }, []);
  useEffect(refresh, [refresh]);
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : t('apiKeys.never'));
  return (
    <div className="card account-card" data-testid="account.apiKeys">
      <h2>{t('apiKeys.title')}</h2>
      <p className="muted">
        {t('apiKeys.intro')} {billing ? t('apiKeys.charged') : t('apiKeys.free')}
      </p>
      <form
        className="button-row"
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          accountApi.createApiKey(name.trim()).then(
            (r) => {
              setCreated(r.key);
              setName('');
              refresh();
            },
            (err: Error) => setError(err.message),
          );
        }}
      >
        <label>
          {t('apiKeys.name')}{' '}
          <input
            value={name}
            maxLength={80}
            required
            placeholder={t('apiKeys.namePlaceholder')}
            onChange={(e) => setName(e.target.value)}
            data-testid="apiKeys.name"
          />
        </label>
        <button type="submit" className="button button--primary" data-testid="apiKeys.create">
          {t('apiKeys.create')}
        </button>
      </form>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {created && (
        <p role="status" data-testid="apiKeys.created">
          {t('apiKeys.createdOnce')} <code data-testid="apiKeys.key">{created}</code>{' '}
          <button type="button" className="button button--ghost" onClick={() => void navigator.clipboard?.writeText(created)}>
            {t('apiKeys.copy')}
          </button>
        </p>
      )}
      {keys.length === 0 ? (
        <p className="muted">{t('apiKeys.empty')}</p>
      ) : (
        <table className="account-table" data-testid="apiKeys.list">
          <thead>
            <tr>
              <th>{t('apiKeys.listName')}</th>
              <th>{t('apiKeys.listCreated')}</th>
              <th>{t('apiKeys.listLastUsed')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => (
              <tr key={k.id} data-testid="apiKeys.row">
                <td>
                  {k.name} <code className="muted">{k.prefix}…</code>
                </td>
                <td>{when(k.createdAt)}</td>
                <td>{when(k.lastUsedAt)}</td>
                <td>
                  {k.revokedAt ? (
                    t('apiKeys.revoked')
                  ) : (
                    <button
                      type="button"
                      className="button button--ghost"
                      data-testid="apiKeys.revoke"
                      onClick={() => accountApi.revokeApiKey(k.id).then(refresh, () => undefined)}
                    >
                      {t('apiKeys.revoke')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <a className="button button--ghost" href="/api/docs" target="_blank" rel="noopener" data-testid="apiKeys.docs">
        {t('apiKeys.docs')}
      </a>
    </div>
  );
}
