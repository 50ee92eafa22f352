import { useEffect, useRef, useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { vcardCompanyGet, vcardPersonListByCompany, vcardSettingsGet, vcardSettingsUpdate } from '../../../../shared/api/routes/vcard.ts';
import { vcardSettingsSchema } from '../../../../shared/schemas/vcard-settings.ts';
import type { VcardSettings } from '../../../../shared/schemas/vcard-settings.ts';
import type { VcardCompany } from '../../../../shared/schemas/vcard-company.ts';
import type { VcardPerson } from '../../../../shared/schemas/vcard-person.ts';
import { legacySettingsThemes, themeLabel } from '../../../../shared/card/themes.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { need } from '../../data.tsx';
import { useForm } from '../../use-form.tsx';
import { ColorField } from '../../components/color-field.tsx';
import { ThemedCard } from '../../themes/themed-card.tsx';
import { legacyThemeProps } from './legacy-card.ts';

const t = msg.vcard.ui;
const f = t.fields;

/** Spec §4/§9: changing the theme hides the preview for this long, then it renders again. */
export const THEME_FLASH_MS = 1000;

type Px = 'top' | 'left' | 'right' | 'height';

/** The settings, the company and its first person as the preview's sample. */
export async function loader({ params }: LoaderFunctionArgs): Promise<{ companyId: string; settings: VcardSettings; company: VcardCompany; sample: VcardPerson | null }> {
  const companyId = params.userId ?? '';
  const [settings, company, persons] = await Promise.all([
    need(call(vcardSettingsGet, { params: { id: companyId } })),
    need(call(vcardCompanyGet, { params: { id: companyId } })),
    call(vcardPersonListByCompany, { params: { companyId } }),
  ]);
  return { companyId, settings: settings.settings, company, sample: persons.data?.[0] ?? null };
}

/** `/vcard/company/settings/:userId`: the legacy company's settings with a live preview of its card. */
export function VcardCompanySettings() {
  const data = useLoaderData<typeof loader>();
  // Another company's settings start a fresh form.
  return <SettingsForm key={data.companyId} {...data} />;
}

function SettingsForm({ companyId, settings: initial, company, sample }: Awaited<ReturnType<typeof loader>>) {
  const form = useForm({ name: 'vcard-settings', initial, parse: (v: VcardSettings) => vcardSettingsSchema.safeParse(v) });
  const settings = form.values;
  const errors = form.errors;
  const busy = form.busy;
  const [previewShown, setPreviewShown] = useState(true);
  const flash = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(flash.current), []);

  const set = (patch: Partial<VcardSettings>) => form.setValues({ ...settings, ...patch });

  function chooseTheme(theme: string) {
    set({ theme });
    setPreviewShown(false);
    clearTimeout(flash.current);
    flash.current = setTimeout(() => setPreviewShown(true), THEME_FLASH_MS);
  }

  const submit = form.onSubmit(async (body) => {
    const res = await call(vcardSettingsUpdate, { params: { id: companyId }, body: { settings: body } });
    // The route names the fields under `settings.`; the form names them without.
    const fieldErrors = res.fieldErrors && Object.fromEntries(Object.entries(res.fieldErrors).map(([k, v]) => [k.replace(/^settings\./, ''), v]));
    return fieldErrors ? { ...res, fieldErrors } : res;
  }, { success: t.settingsSaved });

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
          {form.prompt}
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
