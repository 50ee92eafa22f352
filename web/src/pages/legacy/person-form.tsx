import { Link, data, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { vcardPersonCreate, vcardPersonGet, vcardPersonUpdate } from '../../../../shared/api/routes/vcard.ts';
import { createVcardPersonSchema, updateVcardPersonSchema } from '../../../../shared/schemas/vcard-person.ts';
import type { VcardPerson } from '../../../../shared/schemas/vcard-person.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { Field } from '../../form.tsx';
import { paths } from '../../paths.ts';
import { need } from '../../data.tsx';
import { useForm } from '../../use-form.tsx';
import { ImageUpload } from '../../components/image-upload/image-upload.tsx';
import { ContactFields } from '../../components/contact-list.tsx';
import type { ContactEntry } from '../../components/contact-list.tsx';
import { CardPrivacy } from '../cards/card-privacy.tsx';

const t = msg.vcard.ui;
const f = t.fields;

interface Values {
  companyId: string;
  nice: string;
  firstname: string;
  lastname: string;
  position: string;
  tel: ContactEntry[];
  email: ContactEntry[];
  social: ContactEntry[];
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

  const submit = form.onSubmit((body) => (id
    ? call(vcardPersonUpdate, { params: { id }, body: body as never })
    : call(vcardPersonCreate, { body: body as never })), { success: id ? t.personEdited : t.personCreated, next: back });

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
        <section className="stack">
          <h2>{f.contact}</h2>
          <ContactFields lists={values} errors={errors} onChange={(name, list) => set({ [name]: list })} />
        </section>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>{t.save}</button>
          <Link className="btn" to={back}>{t.cancel}</Link>
        </div>
        {form.prompt}
        {/* The legacy person's rights (DSGVO), as for a V2 card: the legacy area is admins' only. */}
        {id && <CardPrivacy person={{ id, firstname: initial.firstname, lastname: initial.lastname }} legacy={{ back }} />}
      </form>
    </section>
  );
}
