import { useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { authLogin, authSession } from '../../../shared/api/routes/auth.ts';
import { msg } from '../../../shared/messages.ts';
import { call } from '../api/client.ts';
import { setSession } from '../session.ts';
import { showError, showSuccess } from '../toast.tsx';
import { paths } from '../paths.ts';

export function LoginPage() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (busy) return;
    setBusy(true);
    const login = await call(authLogin, { body: { username, password } });
    if (!login.data) {
      setBusy(false);
      setError(login.errorMessage);
      showError(login.errorMessage ?? msg.errors.generic);
      return;
    }
    localStorage.setItem('token', login.data.token);
    const me = await call(authSession);
    setBusy(false);
    if (!me.data) {
      setError(me.errorMessage);
      showError(me.errorMessage ?? msg.errors.generic);
      return;
    }
    setSession(login.data.token, me.data);
    setError(null);
    showSuccess(msg.ui.loginSuccess, msg.ui.loginSuccessTitle);
    navigate(paths.visitenkarteOverview);
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
