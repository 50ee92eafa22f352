import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { vcardCompanyCreate, vcardCompanyGet, vcardCompanyUpdate } from '../../../../shared/api/routes/vcard.ts';
import { createVcardCompanySchema, updateVcardCompanySchema } from '../../../../shared/schemas/vcard-company.ts';
import type { VcardCompany } from '../../../../shared/schemas/vcard-company.ts';
import { profileSocialTypes } from '../../../../shared/schemas/profile.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { Field, validateForm } from '../../form.tsx';
import type { FieldErrors } from '../../form.tsx';
import { showError, showSuccess } from '../../toast.tsx';
import { paths } from '../../paths.ts';
import { LoadState } from '../../components/load-state.tsx';
import { ImageUpload } from '../../components/image-upload/image-upload.tsx';

const t = msg.vcard.ui;
const f = t.fields;

const textFields = ['org', 'firmenname', 'claim', 'straße', 'plz', 'ort', 'bundesland', 'land', 'url', 'color', 'class', 'impressum', 'datenschutz'] as const;
type TextField = (typeof textFields)[number];
const imageFields = ['logo', 'walletLogo'] as const;
type Values = Record<TextField | 'notes', string> & { social: { type: string; link: string }[] } & Partial<Record<(typeof imageFields)[number], string>>;

const EMPTY: Values = { ...Object.fromEntries([...textFields, 'notes'].map((k) => [k, ''])) as Record<TextField | 'notes', string>, social: [] };

function valuesOf(c: VcardCompany): Values {
  // The images go back with the form: a PATCH replaces the whole content.
  const v: Values = { ...EMPTY, social: c.social.map((s) => ({ ...s })), logo: c.logo, walletLogo: c.walletLogo };
  for (const k of [...textFields, 'notes'] as const) v[k] = c[k] ?? '';
  return v;
}

/** `/vcard/company/add` and `/vcard/company/edit/:id` (spec §5: org, plz, ort required, plz at least 4). */
export function VcardCompanyForm() {
  const { id } = useParams();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values | null>(id ? null : EMPTY);
  const [version, setVersion] = useState<number | undefined>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!id) return;
    let current = true;
    void call(vcardCompanyGet, { params: { id } }).then((res) => {
      if (!current) return;
      if (!res.data) return setLoadError(res.errorMessage ?? msg.vcard.errors.companyNotFound);
      setValues(valuesOf(res.data));
      setVersion(res.data.version);
    });
    return () => {
      current = false;
    };
  }, [id]);

  if (!values) return <LoadState error={loadError} />;
  const set = (patch: Partial<Values>) => setValues({ ...values, ...patch });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !values) return;
    const body = { ...values };
    const checked = id ? validateForm(updateVcardCompanySchema, { ...body, version }) : validateForm(createVcardCompanySchema, body);
    setErrors(checked.errors ?? {});
    if (checked.errors) return;
    setBusy(true);
    const res = id
      ? await call(vcardCompanyUpdate, { params: { id }, body: checked.data })
      : await call(vcardCompanyCreate, { body: checked.data });
    setBusy(false);
    if (!res.data) {
      setErrors(res.fieldErrors ?? {});
      return showError(res.errorMessage ?? msg.errors.generic);
    }
    showSuccess(id ? t.companyEdited : t.companyCreated);
    await navigate(paths.vcardCompanies);
  }

  const usedTypes = new Set(values.social.map((s) => s.type));
  const freeType = profileSocialTypes.find((x) => !usedTypes.has(x));

  return (
    <section className="card form-card">
      <h1>{id ? t.companyEdit : t.companyAdd}</h1>
      <form onSubmit={submit} noValidate>
        <div className="form-grid">
          {textFields.map((k) => (
            <Field key={k} name={k} label={f[k]} value={values[k]} error={errors[k]} onChange={(e) => set({ [k]: e.target.value })} />
          ))}
          <label>
            {f.notes}
            <textarea name="notes" value={values.notes} onChange={(e) => set({ notes: e.target.value })} />
          </label>
        </div>
        <fieldset className="stack">
          <legend>{f.images}</legend>
          {id ? (
            // Uploads belong to the legacy company, so they need its id (docs/decisions.md).
            <div className="image-grid">
              {imageFields.map((k) => (
                <ImageUpload key={k} field={k} label={f[k]} companyId={id} value={values[k]} error={errors[k]}
                  onChange={(filename) => set({ [k]: filename })} />
              ))}
            </div>
          ) : <p className="muted">{f.imagesAfterSave}</p>}
        </fieldset>
        <fieldset className="stack">
          <legend>{f.social}</legend>
          {values.social.map((s, i) => (
            <div key={i} className="row">
              <label>
                {f.type}
                <select value={s.type} aria-invalid={errors[`social.${i}.type`] ? true : undefined}
                  onChange={(e) => set({ social: values.social.map((x, j) => (j === i ? { ...x, type: e.target.value } : x)) })}>
                  {profileSocialTypes.map((x) => <option key={x} value={x}>{x}</option>)}
                </select>
              </label>
              <Field name={`social.${i}.link`} label={f.link} value={s.link} error={errors[`social.${i}.link`]}
                onChange={(e) => set({ social: values.social.map((x, j) => (j === i ? { ...x, link: e.target.value } : x)) })} />
              <button type="button" className="btn btn-small btn-danger-outline" aria-label={`${s.type} ${t.removeEntry}`}
                onClick={() => set({ social: values.social.filter((_, j) => j !== i) })}>{t.removeEntry}</button>
            </div>
          ))}
          {freeType && (
            <button type="button" className="btn btn-small" onClick={() => set({ social: [...values.social, { type: freeType, link: '' }] })}>
              {t.addEntry}
            </button>
          )}
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>{t.save}</button>
          <Link className="btn" to={paths.vcardCompanies}>{t.cancel}</Link>
        </div>
      </form>
    </section>
  );
}
