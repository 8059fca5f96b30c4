/**
 * SPEC §5: "When the browser is offline the login-network error text is shown." A banner under
 * the header while `navigator.onLine` is false. The live region is always in the page and only
 * its text changes, which is what makes screen readers announce it (a region that appears
 * together with its text is often missed).
 */
import { useSyncExternalStore, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

type EventSource = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/** Calls `onChange` on every online/offline event of `target`; returns the unsubscribe. */
export function subscribeConnectivity(target: EventSource, onChange: () => void): () => void {
  target.addEventListener('online', onChange);
  target.addEventListener('offline', onChange);
  return () => {
    target.removeEventListener('online', onChange);
    target.removeEventListener('offline', onChange);
  };
}

const subscribe = (onChange: () => void) => subscribeConnectivity(window, onChange);
const isOnline = () => navigator.onLine;
// Server rendering and the first paint assume online: a false alarm is worse than a late one.
const isOnlineOnServer = () => true;

// Inline: one small banner does not warrant a stylesheet of its own.
const BANNER: CSSProperties = {
  margin: 0,
  padding: '10px 16px',
  background: 'var(--danger-soft)',
  color: 'var(--danger)',
  borderBottom: '1px solid currentColor',
  textAlign: 'center',
  fontWeight: 600,
};

/** The banner itself; `offline` decides whether it has text. */
export function OfflineNoticeView({ offline }: { offline: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" data-testid="offline-notice">
      {offline && <p style={BANNER}>{t('text.loginErrorNetwork')}</p>}
    </div>
  );
}

/** Follows the browser's connectivity and shows the network error text while offline. */
export function OfflineNotice() {
  const online = useSyncExternalStore(subscribe, isOnline, isOnlineOnServer);
  return <OfflineNoticeView offline={!online} />;
}
