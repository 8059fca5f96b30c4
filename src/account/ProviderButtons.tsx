/** "Continue with Google / Apple": shown for the providers this server has configured. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getDeviceId } from '../api/deviceId';
import { getJson } from '../api/http';

export function ProviderButtons({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  const [providers, setProviders] = useState<string[]>([]);
  useEffect(() => {
    getJson<{ data?: { providers?: string[] } }>('/api/account/oidc/providers').then(
      (reply: { data?: { providers?: string[] } }) => setProviders(reply.data?.providers ?? []),
      () => setProviders([]),
    );
  }, []);
  if (providers.length === 0) return null;
  const start = (provider: string) => {
    const query = new URLSearchParams({ returnTo, deviceId: getDeviceId() });
    window.location.assign(`/api/account/oidc/${provider}/start?${query}`);
  };
  return (
    <div className="account-providers">
      {providers.map((p) => (
        <button key={p} type="button" className="button button--secondary" onClick={() => start(p)} data-testid={`login.provider.${p}`}>
          {t(p === 'google' ? 'account.withGoogle' : 'account.withApple')}
        </button>
      ))}
      <p className="muted">{t('account.orEmail')}</p>
    </div>
  );
}
