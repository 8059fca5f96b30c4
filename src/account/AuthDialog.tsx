/**
 * The sign-in dialog: shown when an action needs an account (need-login, e.g. a purchase while
 * signed out) or when the server said the sign-in expired (1000006). It signs in over the page,
 * so an open project stays open.
 */
import { useTranslation } from 'react-i18next';
import { useAccount } from './AccountContext';
import { EmailCodeForm } from './EmailCodeForm';
import { ModalDialog } from './ModalDialog';

export function AuthDialog() {
  const { t } = useTranslation();
  const account = useAccount();
  const onAuthPage = typeof window !== 'undefined' && /\/(log-in|sign-up)\/?$/.test(window.location.pathname);
  const open =
    !onAuthPage &&
    (account.loginState === 'need-login' || account.loginState === 'expired' || account.loginState === 'logging' || account.loginState === 'fail');
  const expired = account.loginState === 'expired';
  return (
    <ModalDialog
      open={open}
      title={t(expired ? 'account.expiredTitle' : 'account.needLoginTitle')}
      onClose={() => open && account.cancelLogin()}
      testId="auth.dialog"
    >
      <p className="muted">{t(expired ? 'account.expiredBody' : 'account.needLoginBody')}</p>
      {/* Only one sign-in form lives in the page at a time. */}
      {open && <EmailCodeForm />}
      <button type="button" className="button button--ghost account-dialog__close" onClick={account.cancelLogin} data-testid="auth.close">
        {t('account.close')}
      </button>
    </ModalDialog>
  );
}
