import { useState } from 'react';
import type { FormEvent } from 'react';
import { useLoaderData } from 'react-router';
import { companyScimGet, companyScimTokenCreate, companyScimTokenDelete, companyScimUpdate } from '../../../../shared/api/routes/scim.ts';
import { profileList } from '../../../../shared/api/routes/profile.ts';
import { scimDeleteModes } from '../../../../shared/schemas/scim.ts';
import { msg } from '../../../../shared/messages.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { call } from '../../api/client.ts';
import { need, useFreshFor, useWrite } from '../../data.tsx';
import { selectedCompanyId } from '../../state/selection.ts';

const m = msg.scim;

/** The selected company's directory settings, its tokens and its profiles (for new cards). */
export async function loader() {
  const companyId = selectedCompanyId();
  if (!companyId) return { companyId, settings: null, profiles: [] };
  const [settings, profiles] = await Promise.all([
    need(call(companyScimGet, { params: { id: companyId } })),
    need(call(profileList, { params: { companyId } })),
  ]);
  return { companyId, settings, profiles };
}

/**
 * `/v2/card/company/verzeichnis`: what the company's directory (Entra ID, Okta, …) needs to sync its
 * card holders: the SCIM address, a token (shown once, several at once for rotation), the profile
 * new cards get, and what a deletion in the directory does.
 */
export function DirectoryScreen() {
  const { companyId, settings, profiles } = useLoaderData<typeof loader>();
  useFreshFor(companyId);
  const { write, busy } = useWrite();
  const [profileId, setProfileId] = useState(settings?.profileId ?? '');
  const [deleteMode, setDeleteMode] = useState<(typeof scimDeleteModes)[number]>(settings?.deleteMode ?? 'deactivate');
  const [label, setLabel] = useState('');
  const [fresh, setFresh] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!companyId || !settings) return <section className="card muted">{msg.company.noneAssigned}</section>;

  async function save(e: FormEvent) {
    e.preventDefault();
    const res = await write(call(companyScimUpdate, { params: { id: companyId! }, body: { profileId, deleteMode } }), { success: m.saved });
    setErrors(res.fieldErrors ?? {});
  }

  async function createToken(e: FormEvent) {
    e.preventDefault();
    const res = await write(call(companyScimTokenCreate, { params: { id: companyId! }, body: { label: label || undefined } }), { success: m.tokenCreated });
    if (res.data) {
      setFresh(res.data.token);
      setLabel('');
    }
  }

  async function revoke(tokenId: string) {
    if (!window.confirm(m.tokenRevokeConfirm)) return;
    await write(call(companyScimTokenDelete, { params: { id: companyId!, tokenId } }), { success: m.tokenRevoked });
  }

  return (
    <section className="card form-card">
      <h1>{m.title}</h1>
      <p className="muted">{m.intro}</p>
      <dl className="facts">
        <dt>{m.baseUrl}</dt><dd><code data-testid="scim-base-url">{settings.baseUrl}</code></dd>
      </dl>
      <form onSubmit={save} noValidate className="form-grid">
        <label>
          {m.profile}
          <select name="profileId" value={profileId} aria-invalid={errors.profileId ? true : undefined} onChange={(e) => setProfileId(e.target.value)}>
            <option value="">{m.chooseProfile}</option>
            {profiles.map((p) => <option key={p.id} value={p.id}>{p.profilname}</option>)}
          </select>
          {errors.profileId && <span className="field-error">{errors.profileId}</span>}
        </label>
        <label>
          {m.deleteMode}
          <select name="deleteMode" value={deleteMode} onChange={(e) => setDeleteMode(e.target.value as typeof deleteMode)}>
            {scimDeleteModes.map((d) => <option key={d} value={d}>{m.deleteModes[d]}</option>)}
          </select>
        </label>
        <div className="form-actions"><button type="submit" className="btn btn-primary" disabled={busy}>{m.save}</button></div>
      </form>

      <h2>{m.tokens}</h2>
      {fresh && (
        <div className="alert alert-info" role="status">
          <p>{m.tokenOnce}</p>
          <code data-testid="scim-new-token" className="token-once">{fresh}</code>
        </div>
      )}
      {settings.tokens.length === 0 ? <p className="muted">{m.noTokens}</p> : (
        <ul className="plain-list">
          {settings.tokens.map((t) => (
            <li key={t.id}>
              <span>
                {t.label ?? t.id.slice(0, 8)}
                <span className="muted"> · {m.tokenCreatedAt} {formatDateTime(t.createdAt)} · {m.tokenLastUsed} {t.lastUsedAt ? formatDateTime(t.lastUsedAt) : m.never}</span>
              </span>
              <button type="button" className="btn btn-small btn-danger-outline" aria-label={`${t.label ?? t.id} ${m.tokenRevoke}`} disabled={busy} onClick={() => void revoke(t.id)}>{m.tokenRevoke}</button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={createToken} noValidate className="form-grid">
        <label>
          {m.tokenLabel}
          <input name="label" value={label} maxLength={100} onChange={(e) => setLabel(e.target.value)} />
        </label>
        <div className="form-actions"><button type="submit" className="btn" disabled={busy}>{m.createToken}</button></div>
      </form>
    </section>
  );
}
