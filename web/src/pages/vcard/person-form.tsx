import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { vcardPersonCreate, vcardPersonGet, vcardPersonUpdate } from '../../../../shared/api/routes/vcard.ts';
import { createVcardPersonSchema, updateVcardPersonSchema } from '../../../../shared/schemas/vcard-person.ts';
import type { VcardPerson } from '../../../../shared/schemas/vcard-person.ts';
import { emailTypes, personSocialTypes, phoneTypes } from '../../../../shared/schemas/person.ts';
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

interface Entry { type: string; value: string }
interface Values {
  companyId: string;
  nice: string;
  firstname: string;
  lastname: string;
  position: string;
  tel: Entry[];
  email: Entry[];
  social: Entry[];
  image?: string | undefined;
  imageWallet?: string | undefined;
}

function valuesOf(p: VcardPerson): Values {
  return {
    companyId: p.companyId, nice: p.nice ?? '', firstname: p.firstname, lastname: p.lastname, position: p.position ?? '',
    tel: p.tel.map((x) => ({ ...x })), email: p.email.map((x) => ({ ...x })), social: p.social.map((x) => ({ type: x.type, value: x.link })),
    // Sent back with the form: a PATCH replaces the whole content.
    image: p.image, imageWallet: p.imageWallet,
  };
}

/** One contact list (phones, e-mails or social links): one entry per type, "add" hides when all are used. */
function Entries({ name, label, types, list, errors, valueKey, onChange }: {
  name: 'tel' | 'email' | 'social';
  label: string;
  types: readonly string[];
  list: Entry[];
  errors: FieldErrors;
  valueKey: 'value' | 'link';
  onChange: (list: Entry[]) => void;
}) {
  const free = types.find((x) => !list.some((e) => e.type === x));
  return (
    <fieldset className="stack">
      <legend>{label}</legend>
      {list.map((e, i) => (
        <div key={i} className="row">
          <label>
            {f.type}
            <select value={e.type} onChange={(ev) => onChange(list.map((x, j) => (j === i ? { ...x, type: ev.target.value } : x)))}>
              {types.map((x) => <option key={x} value={x}>{x}</option>)}
            </select>
          </label>
          <Field name={`${name}.${i}.${valueKey}`} label={`${label} ${valueKey === 'link' ? f.link : f.value}`} value={e.value}
            error={errors[`${name}.${i}.${valueKey}`] ?? errors[`${name}.${i}.type`]}
            onChange={(ev) => onChange(list.map((x, j) => (j === i ? { ...x, value: ev.target.value } : x)))} />
          <button type="button" className="btn btn-small btn-danger-outline" aria-label={`${label} ${e.type} ${t.removeEntry}`}
            onClick={() => onChange(list.filter((_, j) => j !== i))}>{t.removeEntry}</button>
        </div>
      ))}
      {free && <button type="button" className="btn btn-small" onClick={() => onChange([...list, { type: free, value: '' }])}>{label}: {t.addEntry}</button>}
    </fieldset>
  );
}

/** `/vcard/person/add?companyId=` and `/vcard/person/edit/:id`. */
export function VcardPersonForm() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values | null>(id ? null : {
    companyId: search.get('companyId') ?? '', nice: '', firstname: '', lastname: '', position: '', tel: [], email: [], social: [],
  });
  const [version, setVersion] = useState<number | undefined>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!id) return;
    let current = true;
    void call(vcardPersonGet, { params: { id } }).then((res) => {
      if (!current) return;
      if (!res.data) return setLoadError(res.errorMessage ?? msg.vcard.errors.personNotFound);
      setValues(valuesOf(res.data));
      setVersion(res.data.version);
    });
    return () => {
      current = false;
    };
  }, [id]);

  if (!values) return <LoadState error={loadError} />;
  if (!id && !values.companyId) return <LoadState error={msg.vcard.errors.companyNotFound} />;
  const set = (patch: Partial<Values>) => setValues({ ...values, ...patch });
  const back = `${paths.vcardPersons}?companyId=${encodeURIComponent(values.companyId)}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !values) return;
    const { companyId, social, ...rest } = values;
    const body = { ...rest, social: social.map((s) => ({ type: s.type, link: s.value })) };
    const checked = id ? validateForm(updateVcardPersonSchema, { ...body, version }) : validateForm(createVcardPersonSchema, { ...body, companyId });
    setErrors(checked.errors ?? {});
    if (checked.errors) return;
    setBusy(true);
    const res = id
      ? await call(vcardPersonUpdate, { params: { id }, body: checked.data as never })
      : await call(vcardPersonCreate, { body: checked.data as never });
    setBusy(false);
    if (!res.data) {
      setErrors(res.fieldErrors ?? {});
      return showError(res.errorMessage ?? msg.errors.generic);
    }
    showSuccess(id ? t.personEdited : t.personCreated);
    await navigate(back);
  }

  return (
    <section className="card form-card">
      <h1>{id ? t.personEdit : t.personAdd}</h1>
      <form onSubmit={submit} noValidate>
        <div className="form-grid">
          <Field name="nice" label={f.nice} value={values.nice} error={errors.nice} onChange={(e) => set({ nice: e.target.value })} />
          <Field name="firstname" label={f.firstname} value={values.firstname} error={errors.firstname} onChange={(e) => set({ firstname: e.target.value })} />
          <Field name="lastname" label={f.lastname} value={values.lastname} error={errors.lastname} onChange={(e) => set({ lastname: e.target.value })} />
          <Field name="position" label={f.position} value={values.position} error={errors.position} onChange={(e) => set({ position: e.target.value })} />
        </div>
        <fieldset className="stack">
          <legend>{f.images}</legend>
          {/* Uploads belong to the person's legacy company (docs/decisions.md); the crop ratios are the spec's per field. */}
          <div className="image-grid">
            <ImageUpload field="image" label={f.image} companyId={values.companyId} value={values.image} error={errors.image}
              onChange={(image) => set({ image })} />
            <ImageUpload field="imageWallet" label={f.imageWallet} companyId={values.companyId} value={values.imageWallet} error={errors.imageWallet}
              onChange={(imageWallet) => set({ imageWallet })} />
          </div>
        </fieldset>
        <Entries name="tel" label={f.tel} types={phoneTypes} list={values.tel} errors={errors} valueKey="value" onChange={(tel) => set({ tel })} />
        <Entries name="email" label={f.email} types={emailTypes} list={values.email} errors={errors} valueKey="value" onChange={(email) => set({ email })} />
        <Entries name="social" label={f.social} types={personSocialTypes} list={values.social} errors={errors} valueKey="link" onChange={(social) => set({ social })} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>{t.save}</button>
          <Link className="btn" to={back}>{t.cancel}</Link>
        </div>
      </form>
    </section>
  );
}
