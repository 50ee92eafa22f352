import type { CardLang } from './labels.ts';

// The themes a card can be shown in: names (as stored in `settings.theme`) and German labels for
// the pickers. Plain data without zod, shared by the web theme registry, the pickers and the
// profile schema. The components live in `web/src/themes/<name>/`.

export const DEFAULT_THEME = 'the-vcard';

/** Every theme, in picker order, with its German label. */
export const themeLabels = {
  'the-vcard': 'Standard',
  'the-vcard-en': 'Standard (englisch)',
  'the-vcard-v2': 'Standard V2 (rundes Foto im Kopf)',
  'the-vcard-button-swap': 'Standard, Schaltflächen oben',
  NoPicture: 'Ohne Foto',
  dark: 'Dunkel',
  'dark-round': 'Dunkel, rundes Foto',
  minimal: 'Minimal',
  'round-photo': 'Rundes Foto, zentriert',
  'square-photo': 'Quadratisches Foto, links',
  sidebar: 'Farbige Seitenleiste',
  banner: 'Logo-Banner',
  split: 'Zweigeteilt',
  elegant: 'Elegant (Serifenschrift)',
  compact: 'Kompakt',
  tiles: 'Kacheln',
  outline: 'Umrandet',
  gradient: 'Farbverlauf',
  classic: 'Klassische Visitenkarte',
  bold: 'Kräftig (farbige Fläche)',
  paper: 'Papier',
  testing: 'Test (nur Administratoren)',
} as const satisfies Record<string, string>;

export type ThemeName = keyof typeof themeLabels;
export const themeNames = Object.keys(themeLabels) as ThemeName[];

/** The four layouts of the theme kit (web/src/themes/kit.tsx). */
export type Layout = 'hero' | 'avatar' | 'side' | 'plain';

/**
 * Each theme's layout, and `photo: false` for a theme that never shows the photo. Here rather than
 * in the web's theme table (which adds options and CSS) because the server needs it too: the public
 * page's HTML preloads the photo at the size the theme will draw it (functions/domain/cards/card-page-html.ts).
 */
export const themeLayouts: Record<ThemeName, { layout: Layout; photo?: false }> = {
  'the-vcard': { layout: 'hero' },
  'the-vcard-en': { layout: 'hero' },
  'the-vcard-v2': { layout: 'avatar' },
  'the-vcard-button-swap': { layout: 'hero' },
  NoPicture: { layout: 'hero', photo: false },
  dark: { layout: 'hero' },
  'dark-round': { layout: 'avatar' },
  minimal: { layout: 'plain' },
  'round-photo': { layout: 'avatar' },
  'square-photo': { layout: 'side' },
  sidebar: { layout: 'side' },
  banner: { layout: 'avatar' },
  split: { layout: 'side' },
  elegant: { layout: 'avatar' },
  compact: { layout: 'side' },
  tiles: { layout: 'hero' },
  outline: { layout: 'avatar' },
  gradient: { layout: 'hero' },
  classic: { layout: 'plain' },
  bold: { layout: 'hero' },
  paper: { layout: 'plain' },
  testing: { layout: 'plain' },
};

/** `sizes` of the photo's `<picture>` in each layout; `plain` draws no photo. */
export const layoutPhotoSizes: Record<Layout, string | undefined> = {
  hero: '(max-width: 440px) 100vw, 400px',
  avatar: '160px',
  side: '120px',
  plain: undefined,
};

/** The `sizes` a card in this theme draws its photo at, or undefined when the theme shows no photo. */
export function themePhotoSizes(name: string | null | undefined): string | undefined {
  const t = themeLayouts[resolveThemeName(name)];
  return t.photo === false ? undefined : layoutPhotoSizes[t.layout];
}

export function isThemeName(name: string | null | undefined): name is ThemeName {
  return typeof name === 'string' && Object.hasOwn(themeLabels, name);
}

/** The theme a card is shown in: unknown or missing names fall back to the default. */
export function resolveThemeName(name: string | null | undefined): ThemeName {
  return isThemeName(name) ? name : DEFAULT_THEME;
}

/** The German label of a theme; an unknown stored name is shown as it is. */
export function themeLabel(name: string): string {
  return isThemeName(name) ? themeLabels[name] : name;
}

/** The v2 profile form: every theme; `testing` only for admins (spec §3). */
export function profileFormThemes(isAdmin: boolean): ThemeName[] {
  return themeNames.filter((n) => isAdmin || n !== 'testing');
}

/** The profile modal's shorter list. */
export const profileModalThemes: readonly ThemeName[] = ['the-vcard', 'the-vcard-v2', 'the-vcard-en', 'NoPicture', 'dark', 'minimal', 'round-photo', 'classic'];

/** The legacy settings screen's list (the original themes). */
export const legacySettingsThemes: readonly ThemeName[] = ['the-vcard', 'the-vcard-en', 'the-vcard-v2', 'the-vcard-button-swap', 'NoPicture'];

/** Themes that fix the card's language, whatever the visitor's browser prefers. */
const fixedLanguages: Partial<Record<ThemeName, CardLang>> = { 'the-vcard-en': 'en' };

/** The language a theme fixes, if any. */
export function themeLanguage(name: string | null | undefined): CardLang | undefined {
  return isThemeName(name) ? fixedLanguages[name] : undefined;
}

/**
 * The profile's language: what its theme fixes, else the company's. The vCard and both passes
 * speak it (they have no visitor to ask); the public page uses it only when the visitor's
 * browser prefers neither German nor English.
 */
export function profileLanguage(theme: string | null | undefined, companyLang: string | null | undefined): CardLang {
  return themeLanguage(theme) ?? (companyLang === 'en' ? 'en' : 'de');
}

/**
 * The language a visitor reads a card in: the one the profile's theme fixes, else the first of the
 * browser's languages that is German or English, else the profile's language.
 */
export function visitorLanguage(o: { theme: string | null | undefined; companyLang: string | null | undefined; browser: readonly string[] }): CardLang {
  const fixed = themeLanguage(o.theme);
  if (fixed) return fixed;
  for (const tag of o.browser) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'de' || primary === 'en') return primary;
  }
  return profileLanguage(o.theme, o.companyLang);
}
