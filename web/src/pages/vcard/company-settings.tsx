import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { vcardCompanyGet, vcardPersonListByCompany, vcardSettingsGet, vcardSettingsUpdate } from '../../../../shared/api/routes/vcard.ts';
import { vcardSettingsSchema } from '../../../../shared/schemas/vcard-settings.ts';
import type { VcardSettings } from '../../../../shared/schemas/vcard-settings.ts';
import type { VcardCompany } from '../../../../shared/schemas/vcard-company.ts';
import type { VcardPerson } from '../../../../shared/schemas/vcard-person.ts';
import { legacySettingsThemes, themeLabel } from '../../../../shared/card/themes.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { validateForm } from '../../form.tsx';
import type { FieldErrors } from '../../form.tsx';
import { showError, showSuccess } from '../../toast.tsx';
import { paths } from '../../paths.ts';
import { LoadState } from '../../components/load-state.tsx';
import { ColorField } from '../../components/color-field.tsx';
import { ThemedCard } from '../../themes/themed-card.tsx';
import { legacyThemeProps } from './legacy-card.ts';

const t = msg.vcard.ui;
const f = t.fields;

/** Spec §4/§9: changing the theme hides the preview for this long, then it renders again. */
export const THEME_FLASH_MS = 1000;

type Px = 'top' | 'left' | 'right' | 'height';

/** `/vcard/company/settings/:userId`: the legacy company's settings with a live preview of its card. */
export function VcardCompanySettings() {
  const { userId: companyId = '' } = useParams();
  const [settings, setSettings] = useState<VcardSettings | null>(null);
  const [company, setCompany] = useState<VcardCompany | null>(null);
  const [sample, setSample] = useState<VcardPerson | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [previewShown, setPreviewShown] = useState(true);
  const flash = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let current = true;
    void Promise.all([
      call(vcardSettingsGet, { params: { id: companyId } }),
      call(vcardCompanyGet, { params: { id: companyId } }),
      call(vcardPersonListByCompany, { params: { companyId } }),
    ]).then(([s, c, p]) => {
      if (!current) return;
      if (!s.data || !c.data) return setError(s.errorMessage ?? c.errorMessage ?? msg.errors.generic);
      setSettings(s.data.settings);
      setCompany(c.data);
      setSample(p.data?.[0] ?? null);
    });
    return () => {
      current = false;
      clearTimeout(flash.current);
    };
  }, [companyId]);

  if (!settings || !company) return <LoadState error={error} />;
  const set = (patch: Partial<VcardSettings>) => setSettings({ ...settings, ...patch });

  function chooseTheme(theme: string) {
    set({ theme });
    setPreviewShown(false);
    clearTimeout(flash.current);
    flash.current = setTimeout(() => setPreviewShown(true), THEME_FLASH_MS);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !settings) return;
    const checked = validateForm(vcardSettingsSchema, settings);
    setErrors(checked.errors ?? {});
    if (checked.errors) return;
    setBusy(true);
    const res = await call(vcardSettingsUpdate, { params: { id: companyId }, body: { settings: checked.data } });
    setBusy(false);
    if (!res.data) {
      const fe = Object.fromEntries(Object.entries(res.fieldErrors ?? {}).map(([k, v]) => [k.replace(/^settings\./, ''), v]));
      setErrors(fe);
      return showError(res.errorMessage ?? msg.errors.generic);
    }
    setSettings(res.data.settings);
    showSuccess(t.settingsSaved);
  }

  const themes = legacySettingsThemes.includes(settings.theme as never) ? legacySettingsThemes : [settings.theme, ...legacySettingsThemes];
  const px = (k: Px, label: string) => (
    <label key={k}>
      {label}
      <input type="number" name={`logo.${k}`} value={settings.logo[k] ?? ''} aria-invalid={errors[`logo.${k}`] ? true : undefined}
        onChange={(e) => set({ logo: { ...settings.logo, [k]: e.target.value === '' ? null : Number(e.target.value) } })} />
      {errors[`logo.${k}`] && <span className="field-error">{errors[`logo.${k}`]}</span>}
    </label>
  );

  return (
    <div className="card-form-layout">
      <section className="card form-card">
        <h1>{t.settingsTitle}: {company.org}</h1>
        <form onSubmit={submit} noValidate>
          <div className="form-grid">
            <label>
              {f.theme}
              <select name="theme" value={settings.theme} onChange={(e) => chooseTheme(e.target.value)}>
                {themes.map((name) => <option key={name} value={name}>{themeLabel(name)}</option>)}
              </select>
            </label>
            {px('top', f.logoTop)}
            {px('left', f.logoLeft)}
            {px('right', f.logoRight)}
            {px('height', f.logoHeight)}
            <label className="checkbox">
              <input type="checkbox" name="logo.useColor" checked={settings.logo.useColor}
                onChange={(e) => set({ logo: { ...settings.logo, useColor: e.target.checked } })} />
              {f.logoUseColor}
            </label>
            <ColorField name="logo.color" label={f.logoColor} value={settings.logo.color} error={errors['logo.color']}
              onChange={(color) => set({ logo: { ...settings.logo, color } })} />
            <ColorField name="person.background" label={f.personBackground} value={settings.person.background} error={errors['person.background']}
              onChange={(background) => set({ person: { ...settings.person, background } })} />
            <ColorField name="person.color" label={f.personColor} value={settings.person.color} error={errors['person.color']} fallback="#ffffff"
              onChange={(color) => set({ person: { ...settings.person, color } })} />
            <ColorField name="kontakt.fill" label={f.kontaktFill} value={settings.kontakt.fill} error={errors['kontakt.fill']}
              onChange={(fill) => set({ kontakt: { fill } })} />
            <label className="checkbox">
              <input type="checkbox" name="display.showStrasse" checked={settings.display.showStrasse}
                onChange={(e) => set({ display: { ...settings.display, showStrasse: e.target.checked } })} />
              {f.showStrasse}
            </label>
            <label className="checkbox">
              <input type="checkbox" name="display.showPLZ" checked={settings.display.showPLZ}
                onChange={(e) => set({ display: { ...settings.display, showPLZ: e.target.checked } })} />
              {f.showPLZ}
            </label>
            <label>
              {f.customCss}
              <textarea name="customCss" value={settings.customCss ?? ''} aria-invalid={errors.customCss ? true : undefined}
                onChange={(e) => set({ customCss: e.target.value })} />
              {errors.customCss && <span className="field-error">{errors.customCss}</span>}
            </label>
          </div>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>{t.save}</button>
            <Link className="btn" to={paths.vcardCompanies}>{t.back}</Link>
          </div>
        </form>
      </section>
      <section className="card card-preview" aria-label={t.preview} data-testid="vcard-preview">
        {previewShown
          ? <div className="preview-stage" data-theme={settings.theme}><ThemedCard {...legacyThemeProps({ person: sample, company, settings })} /></div>
          : <p className="muted" role="status">{t.previewHidden}</p>}
      </section>
    </div>
  );
}
