/** /log-in and /sign-up: email code sign-in (a new address signs up). */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../account/AccountContext';
import { EmailCodeForm } from '../../account/EmailCodeForm';
import { ProviderButtons } from '../../account/ProviderButtons';
import { loginErrorKey } from '../../account/EmailCodeForm';
import { useLang } from '../../app/useLang';
import { LocalLink } from '../../components/LocalLink';

export function LoginPage({ mode }: { mode: 'log-in' | 'sign-up' }) {
  const { t } = useTranslation();
  const account = useAccount();
  const { loginState, openLogin } = account;
  useEffect(() => {
    if (loginState === 'none' || loginState === 'cancel' || loginState === 'expired' || loginState === 'need-login') openLogin();
  }, [loginState, openLogin]);
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
            <p className="lead" data-testid="login.signedIn">{t('account.signedInAs', { email: account.account.email ?? '' })}</p>
            <LocalLink to="/account" className="button button--primary">{t('account.myAccount')}</LocalLink>
          </>
        ) : (
          <>
            {providerError !== null && <p className="account-form__error" role="alert">{t(loginErrorKey(providerError)!)}</p>}
            <ProviderButtons returnTo={`/${lang}/create`} />
            <p className="muted">{t('account.emailIntro')}</p>
            <EmailCodeForm />
            <p className="muted account-card__switch">
              {mode === 'sign-up'
                ? <LocalLink to="/log-in">{t('account.haveAccount')}</LocalLink>
                : <LocalLink to="/sign-up">{t('account.newHere')}</LocalLink>}
            </p>
          </>
        )}
      </div>
    </section>
  );
}
