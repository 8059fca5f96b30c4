/** Email sign-in: address → 6-digit code from the mail → signed in. Drives the login machine. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultCode } from '../../engine/spec/errors';
import { useAccount } from './AccountContext';

export function loginErrorKey(code: number | null): string | null {
  if (code === null) return null;
  if (code === ResultCode.VERIFY_CODE_WRONG) return 'account.errors.codeWrong';
  if (code === ResultCode.VERIFY_CODE_EXPIRED) return 'account.errors.codeExpired';
  if (code === ResultCode.NETWORK_ERROR) return 'text.loginErrorNetwork';
  return 'account.errors.generic';
}

export function EmailCodeForm() {
  const { t } = useTranslation();
  const account = useAccount();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const step = account.loginStep;
  const codeStep = step === 'enterCode' || step === 'verifying';
  const busy = step === 'sending' || step === 'verifying';
  const errorKey = loginErrorKey(account.loginError);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (codeStep) account.submitCode(code.trim());
    else account.sendCode(email.trim());
  };

  return (
    <form className="account-form" onSubmit={submit} data-testid="login.form">
      <label className="account-form__label">
        {t('account.email')}
        <input
          type="email"
          required
          autoComplete="email"
          value={email}
          disabled={codeStep || busy}
          onChange={(e) => setEmail(e.target.value)}
          data-testid="login.email"
        />
      </label>
      {codeStep && (
        <>
          <p className="muted" data-testid="login.codeSent">
            {t('account.codeSent', { email })}
          </p>
          <label className="account-form__label">
            {t('account.code')}
            <input
              inputMode="numeric"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              data-testid="login.code"
            />
          </label>
        </>
      )}
      {errorKey && (
        <p className="account-form__error" role="alert" data-testid="login.error">
          {t(errorKey)}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={busy} data-testid="login.submit">
          {codeStep ? t('account.signIn') : t('account.sendCode')}
        </button>
        {codeStep && (
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => account.sendCode(email.trim())} data-testid="login.resend">
            {t('account.resend')}
          </button>
        )}
      </div>
    </form>
  );
}
