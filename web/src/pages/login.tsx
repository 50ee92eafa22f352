import { useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { msg } from '../../../shared/messages.ts';
import { signIn, startCompanySignIn } from '../auth.ts';
import { showSuccess } from '../toast.tsx';
import { afterLogin, NEXT_PARAM } from '../paths.ts';

export function LoginPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // "Mit Firmenkonto anmelden" (issue 26): the e-mail address picks the company's provider.
  const [companyMode, setCompanyMode] = useState(false);
  const [email, setEmail] = useState('');

  async function submitCompany(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await startCompanySignIn(email.trim(), new URLSearchParams(search).get(NEXT_PARAM));
    if ('error' in result) {
      setBusy(false);
      setError(result.error);
      return;
    }
    // On to the provider's sign-in; it sends the browser back to /anmelden/firmenkonto.
    window.location.assign(result.url);
  }

  if (companyMode) {
    return (
      <main className="center-page">
        <p className="login-brand">{msg.shell.brand}</p>
        <form className="card login-card" onSubmit={submitCompany} noValidate>
          <h1 className="card-title">{msg.sso.button}</h1>
          <label>
            {msg.sso.emailLabel}
            <input name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
          </label>
          {error && <div className="alert alert-danger" role="alert">{error}</div>}
          <button type="submit" className="btn btn-primary" disabled={busy}>{msg.sso.continue}</button>
          <button type="button" className="btn btn-link" onClick={() => { setError(null); setCompanyMode(false); }}>{msg.sso.backToPassword}</button>
        </form>
      </main>
    );
  }

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await signIn(username, password);
    setBusy(false);
    if (result.error !== null) {
      // Shown once, in the form beside the fields (not also as a toast).
      setError(result.error);
      return;
    }
    setError(null);
    showSuccess(msg.ui.loginSuccess, msg.ui.loginSuccessTitle);
    // A deep link that needed the login leads on to that page (spec §2: else the cards).
    void navigate(afterLogin(search), { replace: true });
  }

  // Enter and numpad Enter both submit (spec §2).
  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Enter' || e.code === 'NumpadEnter') {
      e.preventDefault();
      void submit();
    }
  }

  return (
    <main className="center-page">
      <p className="login-brand">{msg.shell.brand}</p>
      <form className="card login-card" onSubmit={submit} onKeyDown={onKeyDown} noValidate>
        <h1 className="card-title">{msg.ui.loginTitle}</h1>
        <label>
          {msg.ui.username}
          <input name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} autoFocus />
        </label>
        <label>
          {msg.ui.password}
          <input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        {error && <div className="alert alert-danger" role="alert">{error}</div>}
        <button type="submit" className="btn btn-primary" disabled={busy}>{msg.ui.submit}</button>
        <button type="button" className="btn" onClick={() => { setError(null); setCompanyMode(true); }}>{msg.sso.button}</button>
      </form>
    </main>
  );
}
