import { useEffect, useState } from 'react';
import { Link, useLoaderData, useNavigate, useRevalidator } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import type { z } from 'zod';
import { personCreate, personGet, personUpdate } from '../../../../shared/api/routes/person.ts';
import { createPersonSchema, emailTypes, personSocialTypes, phoneTypes, updatePersonSchema } from '../../../../shared/schemas/person.ts';
import type { Person } from '../../../../shared/schemas/person.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import type { Profile } from '../../../../shared/schemas/profile.ts';
import { Field } from '../../form.tsx';
import { useForm } from '../../use-form.tsx';
import type { Parsed } from '../../use-form.tsx';
import { need } from '../../data.tsx';
import { showSuccess } from '../../toast.tsx';
import { paths, pathTo } from '../../paths.ts';
import { bodyOf, emptyCard, themePersonOf, valuesOf, withOfferedAddress } from './card-values.ts';
import type { CardValues } from './card-values.ts';
import { CardPreview } from './card-preview.tsx';
import { ContactList } from './contact-list.tsx';
import type { ContactEntry } from './contact-list.tsx';
import { ImageUpload } from '../../components/image-upload/image-upload.tsx';
import { ColorField } from '../../components/color-field.tsx';
import { selectCompany, useCompanyStore } from '../../state/company-store.ts';
import { ActivationCost } from '../credits/activation-cost.tsx';
import { CardExtras } from './card-extras.tsx';

const t = msg.person.ui;
const e = msg.person.errors;

const phoneOptions = phoneTypes.map((value) => ({ value, label: msg.person.phoneTypes[value] }));
const emailOptions = emailTypes.map((value, i) => ({ value, label: `${t.email} ${i + 1}` }));
const socialOptions = personSocialTypes.map((value) => ({ value, label: msg.person.socialTypes[value] }));

function addressLabel(a: { straße?: string | undefined; plz?: string | undefined; ort?: string | undefined; land?: string | undefined }): string {
  return [a.straße, [a.plz, a.ort].filter(Boolean).join(' '), a.land].filter(Boolean).join(', ');
}

/** On the edit path the card (an unknown id is 'Nicht gefunden' inside the layout). */
export async function loader({ params }: LoaderFunctionArgs) {
  return { person: params.id ? await need(call(personGet, { params: { id: params.id } })) : null };
}

/** `/v2/card/visitenkarte/add` and `/edit/:id`: the card form with live previews. */
export function CardForm() {
  const { person } = useLoaderData<typeof loader>();
  const { selectedId: companyId, profiles } = useCompanyStore();
  // Edit mode: the card's company becomes the selected one, so its profiles are offered.
  const otherCompany = person !== null && person.companyId !== companyId;
  useEffect(() => {
    if (person && otherCompany) void selectCompany(person.companyId);
  }, [person, otherCompany]);
  if (!profiles || otherCompany) return <section className="card"><p className="muted">{msg.ui.loading}</p></section>;
  // A saved card comes back with a new version: the form starts again from what was stored.
  return <CardFormFor key={person ? `${person.id}:${person.version}` : 'new'} person={person} profiles={profiles} companyId={companyId} />;
}

function CardFormFor({ person, profiles, companyId }: { person: Person | null; profiles: Profile[]; companyId: string | null }) {
  const id = person?.id;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  /** A refused save that must stay visible beside the button (not enough credits). */
  const [saveError, setSaveError] = useState<string | null>(null);
  // Whether the card is active as stored: switching it on is what costs credits.
  const storedActive = person?.isActive ?? false;
  const profileOf = (profileId: string) => profiles.find((p) => p.id === profileId) ?? null;
  // A new card starts on the company's first profile, with its first address offered.
  const start = person ? valuesOf(person) : emptyCard(profiles[0]?.id ?? '');
  const form = useForm({
    name: 'card',
    initial: withOfferedAddress(start, profileOf(start.companyProfilId)?.adressen ?? []),
    parse: (v: CardValues): Parsed<unknown> => (person
      ? updatePersonSchema.safeParse({ ...bodyOf(v), version: person.version })
      : createPersonSchema.safeParse(bodyOf(v))),
  });
  const { values, errors } = form;
  const profile = profileOf(values.companyProfilId);

  const set = <K extends keyof CardValues>(key: K, value: CardValues[K]) => form.set(key, value);
  const setList = (key: 'tel' | 'email' | 'social', list: ContactEntry[]) => form.set(key, list);
  // Spec §4: the address belongs to the profile, so a new profile clears it (and offers its first).
  const chooseProfile = (profileId: string) =>
    form.setValues(withOfferedAddress({ ...values, companyProfilId: profileId, adresseId: '' }, profileOf(profileId)?.adressen ?? []));

  const save = form.onSubmit(async (body) => {
    const res = person
      ? await call(personUpdate, { params: { id: person.id }, body: body as z.output<typeof updatePersonSchema> })
      : await call(personCreate, { body: body as z.output<typeof createPersonSchema> });
    if (!res.data) {
      // A 409 (e.g. not enough credits) stays in the form; the balance may have moved meanwhile.
      if (res.statusCode === 409) {
        setSaveError(res.errorMessage);
        void revalidator.revalidate();
      }
      return res;
    }
    if (!res.data.id) return { ...res, data: null, errorMessage: e.missingId };
    setSaveError(null);
    showSuccess(id ? t.edited : t.created, undefined, { form: 'card' });
    // After the first save the form is the edit form of the new card (spec §2); an edit loads the
    // card again (new version) and, like every write, the balance in the header.
    if (!id) await navigate(pathTo(paths.visitenkarteEdit, { id: res.data.id }), { replace: true });
    else await revalidator.revalidate();
    return res;
  });

  // Until a name is typed the preview shows the field names (its heading is never empty).
  const named = values.firstname.trim() || values.lastname.trim() ? values : { ...values, firstname: t.firstname, lastname: t.lastname };
  const preview = { person: themePersonOf(named), profile };
  // Without an own colour the card uses the profile's; the picker starts there.
  const bandDefault = /^#[0-9a-f]{6}$/i.test(profile?.settings.person.background ?? '') ? profile!.settings.person.background : '#000000';
  const imageCompany = companyId ?? profile?.companyId;

  return (
    <div className="card-form-layout">
      <form className="stack card-form" onSubmit={(ev) => void save(ev)} noValidate>
        {form.prompt}
        <div className="toolbar">
          <h1 className="toolbar-title">{id ? t.formEditTitle : t.formAddTitle}</h1>
          <span className="spacer" />
          <a className="preview-jump" href="#card-preview">{t.toPreview}</a>
          <Link to={paths.visitenkarteOverview}>{t.back}</Link>
        </div>

        <section className="card">
          <h2>{t.sectionPerson}</h2>
          <div className="form-grid">
            <label>
              {t.profile}
              <select name="companyProfilId" value={values.companyProfilId} aria-invalid={errors.companyProfilId ? true : undefined}
                onChange={(ev) => chooseProfile(ev.target.value)}>
                {!values.companyProfilId && <option value="">{t.chooseProfile}</option>}
                {profiles.map((p) => <option key={p.id} value={p.id}>{p.profilname}</option>)}
              </select>
              {errors.companyProfilId && <span className="field-error">{errors.companyProfilId}</span>}
            </label>
            <label>
              {t.adresse}
              <select name="adresseId" value={values.adresseId} aria-invalid={errors.adresseId ? true : undefined}
                onChange={(ev) => set('adresseId', ev.target.value)}>
                <option value="">{t.noAdresse}</option>
                {(profile?.adressen ?? []).map((a) => <option key={a.adresseId} value={a.adresseId}>{addressLabel(a)}</option>)}
              </select>
              {errors.adresseId && <span className="field-error">{errors.adresseId}</span>}
            </label>
            <Field name="nice" label={t.nice} value={values.nice} error={errors.nice} onChange={(ev) => set('nice', ev.target.value)} />
            <Field name="firstname" label={t.firstname} value={values.firstname} error={errors.firstname} required
              onChange={(ev) => set('firstname', ev.target.value)} />
            <Field name="lastname" label={t.lastname} value={values.lastname} error={errors.lastname} required
              onChange={(ev) => set('lastname', ev.target.value)} />
            <Field name="position" label={t.position} value={values.position} error={errors.position} onChange={(ev) => set('position', ev.target.value)} />
            <Field name="firmenname" label={t.firmenname} value={values.firmenname} error={errors.firmenname}
              placeholder={profile?.firmenname} onChange={(ev) => set('firmenname', ev.target.value)} />
            <Field name="org" label={t.org} value={values.org} error={errors.org} onChange={(ev) => set('org', ev.target.value)} />
            <Field name="url" label={t.url} type="url" value={values.url} error={errors.url} placeholder={t.urlPlaceholder}
              onChange={(ev) => set('url', ev.target.value)} />
            <ColorField name="color" label={t.color} value={values.color} error={errors.color} fallback={bandDefault} placeholder="#rrggbb"
              onChange={(color) => set('color', color)} />
          </div>
          <label className="checkbox">
            <input type="checkbox" name="isActive" checked={values.isActive} onChange={(ev) => set('isActive', ev.target.checked)} />
            {t.active}
          </label>
          <ActivationCost willActivate={values.isActive && !storedActive} />
        </section>

        <section className="card stack">
          <h2>{t.sectionContact}</h2>
          <ContactList name="tel" legend={t.tel} types={phoneOptions} entries={values.tel} errors={errors} valueKey="value" inputType="tel"
            onChange={(list) => setList('tel', list)} />
          <ContactList name="email" legend={t.email} types={emailOptions} entries={values.email} errors={errors} valueKey="value" inputType="email"
            onChange={(list) => setList('email', list)} />
          <ContactList name="social" legend={t.social} types={socialOptions} entries={values.social} errors={errors} valueKey="link" inputType="url"
            placeholder={t.linkPlaceholder} onChange={(list) => setList('social', list)} />
        </section>

        <section className="card">
          <h2>{t.sectionImages}</h2>
          <div className="form-grid">
            <ImageUpload field="image" label={t.photo} ratio={1.355} companyId={imageCompany} value={values.image || undefined}
              error={errors.image} onChange={(v) => set('image', v ?? '')} />
            <ImageUpload field="imageWallet" label={t.walletImage} ratio={2.61} companyId={imageCompany} value={values.imageWallet || undefined}
              error={errors.imageWallet} onChange={(v) => set('imageWallet', v ?? '')} />
          </div>
        </section>

        {id && <CardExtras cardId={id} />}

        {saveError && <p className="alert alert-danger" role="alert" data-testid="save-error">{saveError}</p>}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={form.busy}>{t.save}</button>
          <Link className="btn" to={paths.visitenkarteOverview}>{t.back}</Link>
        </div>
      </form>
      <aside className="card-form-preview" id="card-preview">
        <CardPreview {...preview} />
      </aside>
    </div>
  );
}
