/** /log-in and /sign-up: email code sign-in (a new address signs up). */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../account/AccountContext';
import { EmailCodeForm } from '../../account/EmailCodeForm';
import { ProviderButtons } from '../../account/ProviderButtons';
import { loginErrorKey } from '../../account/EmailCodeForm';
import { useLang } from '../../hooks/useLang';
import { LocalLink } from '../../components/LocalLink';

export function LoginPage({ mode }: { mode: 'log-in' | 'sign-up' }) {
  const { t } = useTranslation();
  const account = useAccount();
  const { loginState, openLogin, cancelLogin } = account;
  useEffect(() => {
    if (loginState === 'none' || loginState === 'cancel' || loginState === 'expired' || loginState === 'need-login') openLogin();
  }, [loginState, openLogin]);
  // Leaving the page without signing in ends the attempt, so no sign-in dialog follows to the next page.
  const latest = useRef({ loginState, cancelLogin });
  latest.current = { loginState, cancelLogin };
  useEffect(
    () => () => {
      if (latest.current.loginState === 'logging' || latest.current.loginState === 'fail') latest.current.cancelLogin();
    },
    [],
  );
  const title = mode === 'sign-up' ? 'pages.signUp' : 'pages.logIn';
  const lang = useLang();
  // A provider sign-in that failed comes back as #loginError=<code>.
  const providerError = typeof window !== 'undefined' ? Number(new URLSearchParams(window.location.hash.slice(1)).get('loginError')) || null : null;
  return (
    <section className="container page-narrow" data-testid={`page.${mode}`}>
      <div className="card account-card">
        <h1 className="page-title">{t(`${title}.title`)}</h1>
        {loginState === 'success' && account.account ? (
          <>
            <p className="lead" data-testid="login.signedIn">
              {t('account.signedInAs', { email: account.account.email ?? '' })}
            </p>
            <LocalLink to="/account" className="button button--primary">
              {t('account.myAccount')}
            </LocalLink>
          </>
        ) : (
          <>
            {providerError !== null && (
              <p className="account-form__error" role="alert">
                {t(loginErrorKey(providerError)!)}
              </p>
            )}
            <ProviderButtons returnTo={`/${lang}/create`} />
            <p className="muted">{t('account.emailIntro')}</p>
            <EmailCodeForm />
            <p className="muted account-card__switch">
              {mode === 'sign-up' ? (
                <LocalLink to="/log-in">{t('account.haveAccount')}</LocalLink>
              ) : (
                <LocalLink to="/sign-up">{t('account.newHere')}</LocalLink>
              )}
            </p>
          </>
        )}
      </div>
    </section>
  );
}
