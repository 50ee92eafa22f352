import { useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { msg } from '../../../shared/messages.ts';
import { signIn } from '../auth.ts';
import { showSuccess } from '../toast.tsx';
import { afterLogin } from '../paths.ts';

export function LoginPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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
      </form>
    </main>
  );
}
