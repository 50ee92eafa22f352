import { Link, data, useLoaderData, useNavigate } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { vcardPersonCreate, vcardPersonGet, vcardPersonUpdate } from '../../../../shared/api/routes/vcard.ts';
import { createVcardPersonSchema, updateVcardPersonSchema } from '../../../../shared/schemas/vcard-person.ts';
import type { VcardPerson } from '../../../../shared/schemas/vcard-person.ts';
import { emailTypes, personSocialTypes, phoneTypes } from '../../../../shared/schemas/person.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { Field } from '../../form.tsx';
import type { FieldErrors } from '../../form.tsx';
import { showSuccess } from '../../toast.tsx';
import { paths } from '../../paths.ts';
import { need } from '../../data.tsx';
import { useForm } from '../../use-form.tsx';
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

/** The person to edit (`:id`), or empty values for a new person of `?companyId=`. */
export async function loader({ params, request }: LoaderFunctionArgs): Promise<{ id: string | undefined; values: Values; version: number | undefined }> {
  if (params.id) {
    const person = await need(call(vcardPersonGet, { params: { id: params.id } }));
    return { id: params.id, values: valuesOf(person), version: person.version };
  }
  const companyId = new URL(request.url).searchParams.get('companyId') ?? '';
  if (!companyId) throw data(msg.vcard.errors.companyNotFound, { status: 404 });
  return { id: undefined, values: { companyId, nice: '', firstname: '', lastname: '', position: '', tel: [], email: [], social: [] }, version: undefined };
}

/** `/vcard/person/add?companyId=` and `/vcard/person/edit/:id`. */
export function VcardPersonForm() {
  const loaded = useLoaderData<typeof loader>();
  // Another person (or add after edit) starts a fresh form.
  return <PersonForm key={loaded.id ?? loaded.values.companyId} {...loaded} />;
}

/** The body the routes take: social entries carry `link`; a new person names its company. */
function bodyOf(values: Values) {
  const { companyId, social, ...rest } = values;
  return { body: { ...rest, social: social.map((s) => ({ type: s.type, link: s.value })) }, companyId };
}

function PersonForm({ id, values: initial, version }: Awaited<ReturnType<typeof loader>>) {
  const navigate = useNavigate();
  const form = useForm<Values, unknown>({
    name: 'vcard-person',
    initial,
    parse: (v) => {
      const { body, companyId } = bodyOf(v);
      return id ? updateVcardPersonSchema.safeParse({ ...body, version }) : createVcardPersonSchema.safeParse({ ...body, companyId });
    },
  });
  const { values, errors, busy } = form;
  const set = (patch: Partial<Values>) => form.setValues({ ...values, ...patch });
  const back = `${paths.vcardPersons}?companyId=${encodeURIComponent(values.companyId)}`;

  const submit = form.onSubmit(async (body) => {
    const res = id
      ? await call(vcardPersonUpdate, { params: { id }, body: body as never })
      : await call(vcardPersonCreate, { body: body as never });
    if (!res.data) return res;
    showSuccess(id ? t.personEdited : t.personCreated, undefined, { form: 'vcard-person' });
    await navigate(back);
    return res;
  });

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
        {form.prompt}
      </form>
    </section>
  );
}
