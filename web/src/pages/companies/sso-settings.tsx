import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { companyGet } from '../../../../shared/api/routes/company.ts';
import { companySsoDelete, companySsoGet, companySsoUpdate } from '../../../../shared/api/routes/sso.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { Field } from '../../form.tsx';
import { need, useWrite } from '../../data.tsx';
import { paths, pathTo } from '../../paths.ts';

const m = msg.sso;

export async function loader({ params }: LoaderFunctionArgs) {
  const id = params.companyId!;
  const [company, settings] = await Promise.all([need(call(companyGet, { params: { id } })), need(call(companySsoGet, { params: { id } }))]);
  return { company, settings };
}

/**
 * `/v2/admin/company/edit/:companyId/firmenkonto`: the company's OpenID Connect provider. The client
 * secret is written, never shown again; the redirect URI to register at the provider is shown.
 */
export function SsoSettingsScreen() {
  const { company, settings } = useLoaderData<typeof loader>();
  const { write, busy } = useWrite();
  const [issuer, setIssuer] = useState(settings.issuer ?? '');
  const [clientId, setClientId] = useState(settings.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(settings.domains.join(', '));
  const [required, setRequired] = useState(settings.required);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function save(e: FormEvent) {
    e.preventDefault();
    const body = {
      issuer: issuer.trim(), clientId: clientId.trim(), required,
      domains: domains.split(/[\s,;]+/).filter(Boolean),
      clientSecret: clientSecret || undefined,
    };
    const res = await write(call(companySsoUpdate, { params: { id: company.id }, body }), { success: m.saved });
    setErrors(res.fieldErrors ?? {});
    if (res.data) setClientSecret('');
  }

  async function remove() {
    if (!window.confirm(m.removeConfirm)) return;
    const res = await write(call(companySsoDelete, { params: { id: company.id } }), { success: m.removed });
    if (res.data) {
      setIssuer(''); setClientId(''); setDomains(''); setRequired(false);
    }
  }

  return (
    <section className="card form-card">
      <h1>{m.settingsTitle}: {company.org}</h1>
      <p className="muted">{m.settingsIntro}</p>
      {!settings.configured && <p>{m.notConfigured}</p>}
      <form onSubmit={save} noValidate className="form-grid">
        <Field name="issuer" label={m.issuer} hint={m.issuerHint} value={issuer} error={errors.issuer} onChange={(e) => setIssuer(e.target.value)} />
        <Field name="clientId" label={m.clientId} value={clientId} error={errors.clientId} onChange={(e) => setClientId(e.target.value)} />
        <Field name="clientSecret" type="password" autoComplete="new-password" label={m.clientSecret}
          hint={settings.hasClientSecret ? m.clientSecretKept : m.clientSecretHint}
          value={clientSecret} error={errors.clientSecret} onChange={(e) => setClientSecret(e.target.value)} />
        <Field name="domains" label={m.domains} hint={m.domainsHint} value={domains} error={errors.domains} onChange={(e) => setDomains(e.target.value)} />
        <label className="checkbox">
          <input type="checkbox" name="required" checked={required} onChange={(e) => setRequired(e.target.checked)} />
          {m.required}
        </label>
        <div className="field">
          <span>{m.redirectUri}</span>
          <code data-testid="redirect-uri">{settings.redirectUri}</code>
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>{m.save}</button>
          <Link className="btn" to={pathTo(paths.adminCompanyEdit, { companyId: company.id })}>{msg.company.actions.cancel}</Link>
          {settings.configured && <button type="button" className="btn btn-danger-outline" disabled={busy} onClick={() => void remove()}>{m.remove}</button>}
        </div>
      </form>
    </section>
  );
}
