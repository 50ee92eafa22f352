import { useState } from 'react';
import type { ReactNode } from 'react';
import { profileSocialTypes } from '../../../../shared/schemas/profile.ts';
import { profileFormThemes, themeLabel } from '../../../../shared/card/themes.ts';
import { getUser, isAdmin } from '../../session.ts';
import type { ProfileSocialType } from '../../../../shared/schemas/profile.ts';
import { msg } from '../../../../shared/messages.ts';
import { legalLinksWarning } from '../../../../shared/card/legal-links.ts';
import { Field } from '../../form.tsx';
import type { FieldErrors } from '../../form.tsx';
import { ImageUpload } from '../../components/image-upload/image-upload.tsx';
import { ColorField } from '../../components/color-field.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { AddressModal } from './address-modal.tsx';
import { addressKeys, previewOf } from './profile-values.ts';
import { CardPreview } from '../cards/card-preview.tsx';
import type { AddressValues, ProfileValues, SettingsTab } from './profile-values.ts';

const t = msg.profile;
const f = t.fields;

export interface PanelProps {
  values: ProfileValues;
  errors: FieldErrors;
  onChange: (next: ProfileValues) => void;
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

function addressLine(a: AddressValues): string {
  return [a.straße, [a.plz, a.ort].filter(Boolean).join(' '), a.bundesland, a.land].filter((x) => x.trim()).join(', ');
}

export function DataPanel({ values, errors, onChange }: PanelProps) {
  const [editing, setEditing] = useState<{ index: number; address: AddressValues } | null>(null);
  const text = (key: 'profilname' | 'firmenname' | 'claim' | 'umsatzsteuernummer' | 'handelsgericht' | 'class', extra: { placeholder?: string } = {}) => (
    <Field name={key} label={f[key]} value={values[key]} error={errors[key]} {...extra} onChange={(e) => onChange({ ...values, [key]: e.target.value })} />
  );
  const link = (key: 'url' | 'impressum' | 'datenschutz') => (
    <Field name={key} label={f[key]} type="url" value={values[key]} error={errors[key]} placeholder={t.urlHint}
      onChange={(e) => onChange({ ...values, [key]: e.target.value })} />
  );
  const addressErrors = Object.entries(errors).filter(([k]) => k.startsWith('adressen'));
  const legal = legalLinksWarning(values);
  return (
    <div className="stack">
      {legal && <p className="alert alert-warning" role="note" data-testid="legal-links-warning">{legal}</p>}
      <div className="form-grid">
        {text('profilname')}
        {text('firmenname')}
        {text('claim')}
        {link('url')}
        {link('impressum')}
        {link('datenschutz')}
        {text('umsatzsteuernummer')}
        {text('handelsgericht')}
        <ColorField name="color" label={f.color} value={values.color} error={errors.color} onChange={(color) => onChange({ ...values, color })} />
        {text('class')}
      </div>
      <label>
        {f.notes}
        <textarea name="notes" rows={3} value={values.notes} onChange={(e) => onChange({ ...values, notes: e.target.value })} />
        {errors.notes && <span className="field-error">{errors.notes}</span>}
      </label>
      <fieldset className="sub-list">
        <legend>{f.adressen}</legend>
        {values.adressen.length === 0 && <p className="muted">{t.noAddresses}</p>}
        <ul className="plain-list">
          {values.adressen.map((a, i) => (
            <li key={a.adresseId ?? `new-${i}`}>
              <span>{addressLine(a)}</span>
              <span className="row-actions">
                <button type="button" className="btn btn-small" onClick={() => setEditing({ index: i, address: a })}>{t.edit_}</button>
                <button type="button" className="btn btn-small btn-danger-outline"
                  onClick={() => onChange({ ...values, adressen: values.adressen.filter((_, j) => j !== i) })}>{t.delete}</button>
              </span>
            </li>
          ))}
        </ul>
        {addressErrors.map(([k, m]) => <span key={k} className="field-error">{m}</span>)}
        <button type="button" className="btn btn-small" onClick={() => setEditing({ index: -1, address: Object.fromEntries(addressKeys.map((k) => [k, ''])) as unknown as AddressValues })}>
          {t.addAddress}
        </button>
      </fieldset>
      {editing && (
        <AddressModal initial={editing.address} onCancel={() => setEditing(null)}
          onSave={(address) => {
            const adressen = editing.index < 0 ? [...values.adressen, address] : values.adressen.map((x, j) => (j === editing.index ? address : x));
            onChange({ ...values, adressen });
            setEditing(null);
          }} />
      )}
    </div>
  );
}

export function LogosPanel({ values, errors, onChange, companyId }: PanelProps & { companyId: string | null | undefined }) {
  return (
    <div className="image-grid">
      {(['logo', 'appleLogo', 'walletLogo'] as const).map((field) => (
        <ImageUpload key={field} field={field} label={f[field]} companyId={companyId} value={values[field]} error={errors[field]}
          onChange={(filename) => onChange({ ...values, [field]: filename })} />
      ))}
    </div>
  );
}

export function SocialPanel({ values, errors, onChange }: PanelProps) {
  const used = new Set(values.social.map((s) => s.type));
  const free = profileSocialTypes.filter((type) => !used.has(type));
  const setRow = (i: number, patch: Partial<{ type: ProfileSocialType | ''; link: string }>) =>
    onChange({ ...values, social: values.social.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
  return (
    <fieldset className="contact-list">
      <legend>{f.social}</legend>
      {values.social.map((s, i) => (
        <div key={i} className="contact-row">
          <label>
            <span className="visually-hidden">{f.type}</span>
            <select aria-label={`${f.type} ${i + 1}`} value={s.type} aria-invalid={errors[`social.${i}.type`] ? true : undefined}
              onChange={(e) => setRow(i, { type: e.target.value as ProfileSocialType })}>
              <option value="">–</option>
              {profileSocialTypes.filter((type) => type === s.type || !used.has(type)).map((type) => <option key={type} value={type}>{t.socialTypes[type]}</option>)}
            </select>
            {errors[`social.${i}.type`] && <span className="field-error">{errors[`social.${i}.type`]}</span>}
          </label>
          <label className="contact-value">
            <span className="visually-hidden">{f.link}</span>
            <input aria-label={`${f.link} ${i + 1}`} type="url" value={s.link} placeholder={t.urlHint}
              aria-invalid={errors[`social.${i}.link`] ? true : undefined} onChange={(e) => setRow(i, { link: e.target.value })} />
            {errors[`social.${i}.link`] && <span className="field-error">{errors[`social.${i}.link`]}</span>}
          </label>
          <button type="button" className="btn-link" aria-label={`${t.delete} ${i + 1}`}
            onClick={() => onChange({ ...values, social: values.social.filter((_, j) => j !== i) })}>✕</button>
        </div>
      ))}
      {/* Spec §3: one entry per type; "add" disappears once every type is used. */}
      {free.length > 0 && (
        <button type="button" className="btn btn-small" onClick={() => onChange({ ...values, social: [...values.social, { type: free[0]!, link: '' }] })}>
          {t.addSocial}
        </button>
      )}
    </fieldset>
  );
}

export function SettingsPanel({ values, errors, onChange, sub, onSub }: PanelProps & { sub: SettingsTab; onSub: (s: SettingsTab) => void }) {
  const s = values.settings;
  const setS = (patch: Partial<ProfileValues['settings']>) => onChange({ ...values, settings: { ...s, ...patch } });
  const logoNum = (key: 'top' | 'right' | 'left' | 'height', label: string) => (
    <Field name={`logo-${key}`} label={label} inputMode="numeric" value={s.logo[key]} error={errors[`settings.logo.${key}`]}
      onChange={(e) => setS({ logo: { ...s.logo, [key]: e.target.value } })} />
  );
  // An admin-only or unknown stored theme stays selectable, so opening the form never changes it.
  const offered: string[] = profileFormThemes(isAdmin(getUser()));
  const themes = offered.includes(s.theme) ? offered : [s.theme, ...offered];
  const styling: ReactNode = (
    <div className="stack">
      <div className="form-grid">
        {logoNum('top', f.logoTop)}
        {logoNum('right', f.logoRight)}
        {logoNum('left', f.logoLeft)}
        {logoNum('height', f.logoHeight)}
        <ColorField name="logo-color" label={f.logoColor} value={s.logo.color} error={errors['settings.logo.color']} onChange={(color) => setS({ logo: { ...s.logo, color } })} />
        <ColorField name="person-background" label={f.personBackground} value={s.person.background} error={errors['settings.person.background']} onChange={(background) => setS({ person: { ...s.person, background } })} />
        <ColorField name="person-color" label={f.personColor} value={s.person.color} error={errors['settings.person.color']} onChange={(color) => setS({ person: { ...s.person, color } })} />
        <ColorField name="kontakt-fill" label={f.kontaktFill} value={s.kontakt.fill} error={errors['settings.kontakt.fill']} onChange={(fill) => setS({ kontakt: { fill } })} />
        <ColorField name="apple-background" label={f.appleBackground} value={s.applePass.backgroundColor} error={errors['settings.applePass.backgroundColor']} onChange={(backgroundColor) => setS({ applePass: { ...s.applePass, backgroundColor } })} />
        <ColorField name="apple-font" label={f.appleFont} value={s.applePass.fontColor} error={errors['settings.applePass.fontColor']} onChange={(fontColor) => setS({ applePass: { ...s.applePass, fontColor } })} />
      </div>
      <Check label={f.logoUseColor} checked={s.logo.useColor} onChange={(useColor) => setS({ logo: { ...s.logo, useColor } })} />
      <label>
        {f.customCss}
        <textarea name="customCss" rows={6} className="code" value={s.customCss} onChange={(e) => setS({ customCss: e.target.value })} />
        {errors['settings.customCss'] && <span className="field-error">{errors['settings.customCss']}</span>}
      </label>
    </div>
  );
  const anzeige: ReactNode = (
    <div className="stack">
      <Check label={f.showStrasse} checked={s.display.showStrasse} onChange={(showStrasse) => setS({ display: { ...s.display, showStrasse } })} />
      <Check label={f.showPLZ} checked={s.display.showPLZ} onChange={(showPLZ) => setS({ display: { ...s.display, showPLZ } })} />
    </div>
  );
  const auswahl: ReactNode = (
    <div className="form-grid">
      <label>
        {f.theme}
        <select name="theme" value={s.theme} aria-invalid={errors['settings.theme'] ? true : undefined} onChange={(e) => setS({ theme: e.target.value })}>
          {themes.map((theme) => <option key={theme} value={theme}>{themeLabel(theme)}</option>)}
        </select>
        {errors['settings.theme'] && <span className="field-error">{errors['settings.theme']}</span>}
      </label>
    </div>
  );
  const invalid = (prefix: (k: string) => boolean) => Object.keys(errors).some(prefix);
  // Every setting changes how the cards look: the preview stands beside all three sub-tabs.
  return (
    <div className="settings-with-preview">
      <Tabs label={t.tabs.einstellungen} value={sub} onChange={onSub} className="sub-tabs"
        tabs={[
          { id: 'styling', label: t.subTabs.styling, panel: styling, invalid: invalid((k) => k.startsWith('settings.') && !/^settings\.(theme|display)/.test(k)) },
          { id: 'anzeige', label: t.subTabs.anzeige, panel: anzeige, invalid: invalid((k) => k.startsWith('settings.display')) },
          { id: 'auswahl', label: t.subTabs.auswahl, panel: auswahl, invalid: invalid((k) => k.startsWith('settings.theme')) },
        ]} />
      <aside className="settings-preview">
        <p className="muted field-hint">{t.previewNote}</p>
        <CardPreview {...previewOf(values)} />
      </aside>
    </div>
  );
}
