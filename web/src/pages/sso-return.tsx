import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { msg } from '../../../shared/messages.ts';
import { finishCompanySignIn } from '../auth.ts';
import { showSuccess } from '../toast.tsx';
import { afterLogin, NEXT_PARAM, paths } from '../paths.ts';

/**
 * Where the company's provider sends the browser back (`?code=…&state=…`, or `?error=…`): finishes
 * the sign-in once and goes on like the password login; a failure is said here with a way back.
 */
export function SsoReturnPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once: a code is worth one sign-in (React's development double effect must not send it twice).
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    // The code leaves the address bar (and the history) at once.
    window.history.replaceState(null, '', paths.ssoReturn);
    const providerError = params.get('error');
    const code = params.get('code');
    const state = params.get('state');
    if (providerError || !code || !state) {
      setError(providerError ? msg.sso.providerError(params.get('error_description') ?? providerError) : msg.sso.stateInvalid);
      return;
    }
    void finishCompanySignIn(code, state).then((result) => {
      if (result.error !== null) {
        setError(result.error);
        return;
      }
      showSuccess(msg.ui.loginSuccess, msg.ui.loginSuccessTitle);
      const next = result.weiter ? `?${new URLSearchParams({ [NEXT_PARAM]: result.weiter })}` : '';
      void navigate(afterLogin(next), { replace: true });
    });
  }, [navigate]);

  return (
    <main className="center-page">
      <p className="login-brand">{msg.shell.brand}</p>
      <div className="card login-card">
        <h1 className="card-title">{msg.sso.button}</h1>
        {error ? (
          <>
            <div className="alert alert-danger" role="alert">{error}</div>
            <Link className="btn btn-primary" to={paths.home}>{msg.ui.loginTitle}</Link>
          </>
        ) : (
          <p role="status">{msg.sso.signingIn}</p>
        )}
      </div>
    </main>
  );
}
