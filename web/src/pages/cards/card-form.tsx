import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import type { z } from 'zod';
import { personCreate, personGet, personUpdate } from '../../../../shared/api/routes/person.ts';
import { createPersonSchema, updatePersonSchema } from '../../../../shared/schemas/person.ts';
import type { Person } from '../../../../shared/schemas/person.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import type { ApiResult } from '../../api/client.ts';
import type { Profile } from '../../../../shared/schemas/profile.ts';
import { Field } from '../../form.tsx';
import { useForm } from '../../use-form.tsx';
import type { Parsed } from '../../use-form.tsx';
import { need } from '../../data.tsx';
import { paths, pathTo } from '../../paths.ts';
import { bodyOf, emptyCard, themePersonOf, valuesOf, withDefaultAddress, withOfferedAddress } from './card-values.ts';
import type { CardValues } from './card-values.ts';
import { CardPreview } from './card-preview.tsx';
import { ContactFields } from '../../components/contact-list.tsx';
import type { ContactEntry } from '../../components/contact-list.tsx';
import { ImageUpload } from '../../components/image-upload/image-upload.tsx';
import { ColorField } from '../../components/color-field.tsx';
import { useCompanyStore } from '../../state/company-store.ts';
import { setSelectedCompanyId } from '../../state/selection.ts';
import { ActivationCost } from '../credits/activation-cost.tsx';
import { CardExtras } from './card-extras.tsx';
import { legalLinksWarning } from '../../../../shared/card/legal-links.ts';
import { CardPrivacy } from './card-privacy.tsx';

const t = msg.person.ui;
const e = msg.person.errors;


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
    if (person && otherCompany) setSelectedCompanyId(person.companyId);
  }, [person, otherCompany]);
  if (!profiles || otherCompany) return <section className="card"><p className="muted">{msg.ui.loading}</p></section>;
  // A saved card comes back with a new version: the form starts again from what was stored.
  return <CardFormFor key={person ? `${person.id}:${person.version}` : 'new'} person={person} profiles={profiles} companyId={companyId} />;
}

function CardFormFor({ person, profiles, companyId }: { person: Person | null; profiles: Profile[]; companyId: string | null }) {
  const id = person?.id;
  /** A refused save that must stay visible beside the button (not enough credits). */
  const [saveError, setSaveError] = useState<string | null>(null);
  // Whether the card is active as stored: switching it on is what costs credits.
  const storedActive = person?.isActive ?? false;
  const { credit } = useCompanyStore();
  const profileOf = (profileId: string) => profiles.find((p) => p.id === profileId) ?? null;
  // A new card starts on the company's first profile, with its address when it has exactly one.
  const start = person ? valuesOf(person) : emptyCard(profiles[0]?.id ?? '');
  const startAddresses = profileOf(start.companyProfilId)?.adressen ?? [];
  const form = useForm({
    name: 'card',
    initial: person ? withOfferedAddress(start, startAddresses) : withDefaultAddress(start, startAddresses),
    parse: (v: CardValues): Parsed<unknown> => (person
      ? updatePersonSchema.safeParse({ ...bodyOf(v), version: person.version })
      : createPersonSchema.safeParse(bodyOf(v))),
  });
  const { values, errors } = form;
  /** This save switches on a card that was never paid for: it costs credits (said before and after). */
  const charges = values.isActive && !storedActive && !person?.activatedAt;
  const profile = profileOf(values.companyProfilId);
  // Kept by the company's directory (SCIM, issue 26): what it owns is shown read-only (the server refuses changes too).
  const synced = Boolean(person?.scim);

  const set = <K extends keyof CardValues>(key: K, value: CardValues[K]) => form.set(key, value);
  const setList = (key: 'tel' | 'email' | 'social', list: ContactEntry[]) => form.set(key, list);
  // Spec §4: the address belongs to the profile, so a new profile clears it (and offers its only one).
  const chooseProfile = (profileId: string) =>
    form.setValues(withDefaultAddress({ ...values, companyProfilId: profileId, adresseId: '' }, profileOf(profileId)?.adressen ?? []));

  const submit = form.onSubmit(async (body): Promise<ApiResult<Person>> => {
    const res = person
      ? await call(personUpdate, { params: { id: person.id }, body: body as z.output<typeof updatePersonSchema> })
      : await call(personCreate, { body: body as z.output<typeof createPersonSchema> });
    return res.data && !res.data.id ? { ...res, data: null, errorMessage: e.missingId } : res;
  }, {
    // A save that switched on a card never paid for has spent credits: the toast says so.
    success: charges && credit
      ? `${id ? t.edited : t.created}. ${msg.credit.activationCharged(credit.activationCost, credit.credits - credit.activationCost)}`
      : id ? t.edited : t.created,
    // After the first save the form is the edit form of the new card (spec §2); an edit loads the
    // card again (new version) and, like every write, the balance in the header. A refusal too:
    // the balance may have moved meanwhile (409, not enough credits).
    next: id ? undefined : (saved) => pathTo(paths.visitenkarteEdit, { id: saved.id }),
    replace: true,
    revalidate: 'always',
  });
  const save = async (ev: FormEvent) => {
    const res = await submit(ev);
    // A 409 (e.g. not enough credits) stays in the form beside the button.
    if (res) setSaveError(res.statusCode === 409 ? res.errorMessage : null);
  };

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

        {synced && (
          <p className="alert alert-warning" data-testid="directory-synced">
            <strong>{msg.scim.syncedBadge}</strong>: {msg.scim.syncedHint}
          </p>
        )}
        {legalLinksWarning(profile) && <p className="alert alert-warning" role="note" data-testid="legal-links-warning">{legalLinksWarning(profile)}</p>}
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
            <Field name="nice" label={t.nice} value={values.nice} error={errors.nice} hint={t.niceHint} onChange={(ev) => set('nice', ev.target.value)} />
            <Field name="firstname" label={t.firstname} readOnly={synced} value={values.firstname} error={errors.firstname} required
              onChange={(ev) => set('firstname', ev.target.value)} />
            <Field name="lastname" label={t.lastname} readOnly={synced} value={values.lastname} error={errors.lastname} required
              onChange={(ev) => set('lastname', ev.target.value)} />
            <Field name="position" label={t.position} readOnly={synced} value={values.position} error={errors.position} onChange={(ev) => set('position', ev.target.value)} />
            <Field name="firmenname" label={t.firmenname} readOnly={synced} value={values.firmenname} error={errors.firmenname}
              placeholder={profile?.firmenname} onChange={(ev) => set('firmenname', ev.target.value)} />
            <Field name="org" label={t.org} readOnly={synced} value={values.org} error={errors.org} onChange={(ev) => set('org', ev.target.value)} />
            <Field name="url" label={t.url} type="url" value={values.url} error={errors.url} placeholder={t.urlPlaceholder}
              onChange={(ev) => set('url', ev.target.value)} />
            <ColorField name="color" label={t.color} value={values.color} error={errors.color} fallback={bandDefault} placeholder="#rrggbb"
              onChange={(color) => set('color', color)} />
          </div>
          <label className="checkbox">
            <input type="checkbox" name="isActive" disabled={synced} checked={values.isActive} onChange={(ev) => set('isActive', ev.target.checked)} />
            {t.active}
          </label>
          <ActivationCost willActivate={charges} />
        </section>

        <section className="card stack">
          <h2>{t.sectionContact}</h2>
          <ContactFields lists={values} errors={errors} onChange={setList} directoryOwned={synced} />
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
          <button type="submit" className="btn btn-primary" disabled={form.busy} aria-describedby={charges && credit ? 'activation-notice' : undefined}>{t.save}</button>
          {charges && credit && <span id="activation-notice" className="activation-notice" role="status">{msg.credit.activationNotice(credit.activationCost)}</span>}
          <Link className="btn" to={paths.visitenkarteOverview}>{t.back}</Link>
        </div>
        {person && <CardPrivacy person={person} />}
      </form>
      <aside className="card-form-preview" id="card-preview">
        <CardPreview {...preview} />
      </aside>
    </div>
  );
}
