import { visitorLanguage } from '../../../shared/card/themes.ts';
import type { CardLang } from '../../../shared/card/labels.ts';

/** The browser's preferred languages, most preferred first. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/** The language a visitor reads a public page in (shared/card/themes.ts visitorLanguage). */
export function pageLanguage(o: { theme?: string | null | undefined; companyLang?: string | null | undefined } = {}): CardLang {
  return visitorLanguage({ theme: o.theme, companyLang: o.companyLang, browser: browserLanguages() });
}
