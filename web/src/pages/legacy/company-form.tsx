import { Link, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import type { z } from 'zod';
import { vcardCompanyCreate, vcardCompanyGet, vcardCompanyUpdate } from '../../../../shared/api/routes/vcard.ts';
import { createVcardCompanySchema, updateVcardCompanySchema } from '../../../../shared/schemas/vcard-company.ts';
import type { VcardCompany } from '../../../../shared/schemas/vcard-company.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { Field } from '../../form.tsx';
import { paths } from '../../paths.ts';
import { need } from '../../data.tsx';
import { useForm } from '../../use-form.tsx';
import { ImageUpload } from '../../components/image-upload/image-upload.tsx';
import { ContactList, companySocialOptions } from '../../components/contact-list.tsx';

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

/** The company to edit (`:id`), or empty values to add one. */
export async function loader({ params }: LoaderFunctionArgs): Promise<{ id: string | undefined; values: Values; version: number | undefined }> {
  if (!params.id) return { id: undefined, values: EMPTY, version: undefined };
  const company = await need(call(vcardCompanyGet, { params: { id: params.id } }));
  return { id: params.id, values: valuesOf(company), version: company.version };
}

/** `/vcard/company/add` and `/vcard/company/edit/:id` (spec §5: org, plz, ort required, plz at least 4). */
export function VcardCompanyForm() {
  const data = useLoaderData<typeof loader>();
  // Another company (or add after edit) starts a fresh form.
  return <CompanyForm key={data.id ?? ''} {...data} />;
}

type Body = z.output<typeof createVcardCompanySchema> | z.output<typeof updateVcardCompanySchema>;

function CompanyForm({ id, values: initial, version }: Awaited<ReturnType<typeof loader>>) {
  const form = useForm<Values, Body>({
    name: 'vcard-company',
    initial,
    parse: (v) => (id ? updateVcardCompanySchema.safeParse({ ...v, version }) : createVcardCompanySchema.safeParse(v)),
  });
  const { values, errors, busy } = form;
  const set = (patch: Partial<Values>) => form.setValues({ ...values, ...patch });

  const submit = form.onSubmit((body) => (id
    ? call(vcardCompanyUpdate, { params: { id }, body: body as z.output<typeof updateVcardCompanySchema> })
    : call(vcardCompanyCreate, { body: body as z.output<typeof createVcardCompanySchema> })), { success: id ? t.companyEdited : t.companyCreated, next: paths.vcardCompanies });

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
        <ContactList name="social" legend={f.social} types={companySocialOptions} errors={errors} valueKey="link" inputType="url"
          placeholder={msg.profile.urlHint} entries={values.social.map((x) => ({ type: x.type, value: x.link }))}
          onChange={(list) => set({ social: list.map((x) => ({ type: x.type, link: x.value })) })} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>{t.save}</button>
          <Link className="btn" to={paths.vcardCompanies}>{t.cancel}</Link>
        </div>
        {form.prompt}
      </form>
    </section>
  );
}
