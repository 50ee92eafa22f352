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
