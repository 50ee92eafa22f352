import { useEffect, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { personCreate, personGet, personUpdate } from '../../../../shared/api/routes/person.ts';
import { createPersonSchema, emailTypes, personSocialTypes, phoneTypes, updatePersonSchema } from '../../../../shared/schemas/person.ts';
import type { Person } from '../../../../shared/schemas/person.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { Field, validateForm } from '../../form.tsx';
import type { FieldErrors } from '../../form.tsx';
import { showError, showSuccess } from '../../toast.tsx';
import { paths, pathTo } from '../../paths.ts';
import { bodyOf, emptyCard, themePersonOf, valuesOf, withOfferedAddress } from './card-values.ts';
import type { CardValues } from './card-values.ts';
import { CardPreview } from './card-preview.tsx';
import { ContactList } from './contact-list.tsx';
import type { ContactEntry } from './contact-list.tsx';
import { ImageUpload } from '../../components/image-upload/image-upload.tsx';
import { ColorField } from '../../components/color-field.tsx';
import { creditsChanged, selectCompany, useCompanyStore } from '../../state/company-store.ts';
import { ActivationCost } from '../credits/activation-cost.tsx';

const t = msg.person.ui;
const e = msg.person.errors;

const phoneOptions = phoneTypes.map((value) => ({ value, label: msg.person.phoneTypes[value] }));
const emailOptions = emailTypes.map((value, i) => ({ value, label: `${t.email} ${i + 1}` }));
const socialOptions = personSocialTypes.map((value) => ({ value, label: msg.person.socialTypes[value] }));

function addressLabel(a: { straße?: string | undefined; plz?: string | undefined; ort?: string | undefined; land?: string | undefined }): string {
  return [a.straße, [a.plz, a.ort].filter(Boolean).join(' '), a.land].filter(Boolean).join(', ');
}

/** `/v2/card/visitenkarte/add` and `/edit/:id`: the card form with live previews. */
export function CardForm() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { selectedId: companyId, profiles } = useCompanyStore();
  // Right after a create the new card arrives with the navigation, so edit mode needs no reload.
  const handedOver = (useLocation().state as { person?: Person } | null)?.person;
  const initial = id && handedOver?.id === id ? handedOver : null;
  const [values, setValues] = useState<CardValues | null>(() => (initial ? valuesOf(initial) : id ? null : emptyCard('')));
  const [version, setVersion] = useState<number | null>(initial?.version ?? null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Whether the card is active as stored: switching it on is what costs credits.
  const [storedActive, setStoredActive] = useState(initial?.isActive ?? false);
  /** A refused save that must stay visible beside the button (not enough credits). */
  const [saveError, setSaveError] = useState<string | null>(null);

  // Edit mode: load the card; its company becomes the selected one, so its profiles are offered.
  useEffect(() => {
    if (!id || version !== null) return;
    let current = true;
    void call(personGet, { params: { id } }).then((res) => {
      if (!current) return;
      if (!res.data) {
        setLoadError(res.errorMessage ?? e.missingId);
        return showError(res.errorMessage ?? e.missingId);
      }
      setValues(valuesOf(res.data));
      setVersion(res.data.version);
      setStoredActive(res.data.isActive);
      if (res.data.companyId !== companyId) void selectCompany(res.data.companyId);
    });
    return () => {
      current = false;
    };
  }, [id, version, companyId]);

  // A new card starts on the company's first profile.
  useEffect(() => {
    if (!id && values && !values.companyProfilId && profiles?.[0]) setValues({ ...values, companyProfilId: profiles[0].id });
  }, [id, values, profiles]);

  const profile = useMemo(() => profiles?.find((p) => p.id === values?.companyProfilId) ?? null, [profiles, values?.companyProfilId]);

  useEffect(() => {
    if (!values || !profile) return;
    const offered = withOfferedAddress(values, profile.adressen);
    if (offered !== values) setValues(offered);
  }, [values, profile]);

  if (!values) {
    return (
      <section className="card">
        {loadError ? <p className="alert alert-danger" role="alert">{loadError}</p> : <p className="muted">{msg.ui.loading}</p>}
        <Link to={paths.visitenkarteOverview}>{t.back}</Link>
      </section>
    );
  }

  const set = <K extends keyof CardValues>(key: K, value: CardValues[K]) => {
    setValues({ ...values, [key]: value });
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };
  const setList = (key: 'tel' | 'email' | 'social', list: ContactEntry[]) => {
    setValues({ ...values, [key]: list });
    setErrors((all) => Object.fromEntries(Object.entries(all).filter(([k]) => !k.startsWith(`${key}.`))));
  };
  // Spec §4: the address belongs to the profile, so a new profile clears it.
  const chooseProfile = (profileId: string) => {
    setValues({ ...values, companyProfilId: profileId, adresseId: '' });
    setErrors(({ companyProfilId: _, adresseId: __, ...rest }) => rest);
  };

  async function save(ev: FormEvent) {
    ev.preventDefault();
    if (busy || !values) return;
    const body = bodyOf(values);
    const update = id ? validateForm(updatePersonSchema, { ...body, version }) : null;
    const create = id ? null : validateForm(createPersonSchema, body);
    const errorsFound = update?.errors ?? create?.errors;
    if (errorsFound) return setErrors(errorsFound);
    setErrors({});
    setBusy(true);
    const res = id && update?.data
      ? await call(personUpdate, { params: { id }, body: update.data })
      : await call(personCreate, { body: create!.data! });
    setBusy(false);
    if (res.errorMessage) {
      if (res.fieldErrors) setErrors(res.fieldErrors);
      // A 409 (e.g. not enough credits) stays in the form; the balance may have moved meanwhile.
      if (res.statusCode === 409) {
        setSaveError(res.errorMessage);
        void creditsChanged();
      }
      return showError(res.errorMessage);
    }
    if (!res.data) return showError(e.noData);
    if (!res.data.id) return showError(e.missingId);
    setSaveError(null);
    setValues(valuesOf(res.data));
    setVersion(res.data.version);
    setStoredActive(res.data.isActive);
    void creditsChanged(res.data.companyId);
    showSuccess(id ? t.edited : t.created);
    // After the first save the form is the edit form of the new card (spec §2).
    if (!id) navigate(pathTo(paths.visitenkarteEdit, { id: res.data.id }), { replace: true, state: { person: res.data } });
  }

  const preview = { person: themePersonOf(values), profile };
  // Without an own colour the card uses the profile's; the picker starts there.
  const bandDefault = /^#[0-9a-f]{6}$/i.test(profile?.settings.person.background ?? '') ? profile!.settings.person.background : '#000000';
  const imageCompany = companyId ?? profile?.companyId;

  return (
    <div className="card-form-layout">
      <form className="stack card-form" onSubmit={(ev) => void save(ev)} noValidate>
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
                {(profiles ?? []).map((p) => <option key={p.id} value={p.id}>{p.profilname}</option>)}
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

        {saveError && <p className="alert alert-danger" role="alert" data-testid="save-error">{saveError}</p>}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>{t.save}</button>
          <Link className="btn" to={paths.visitenkarteOverview}>{t.back}</Link>
        </div>
      </form>
      <aside className="card-form-preview" id="card-preview">
        <CardPreview {...preview} />
      </aside>
    </div>
  );
}
