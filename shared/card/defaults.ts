import type { ProfileSettings } from '../schemas/profile.ts';
import { DEFAULT_THEME } from './themes.ts';

/**
 * Profile settings with every default of spec §3, as a plain object: the public page must not
 * load zod to get them. A unit test keeps it equal to `profileSettingsSchema.parse({})`.
 */
export const defaultCardSettings: ProfileSettings = {
  theme: 'the-vcard',
  logo: { top: 0, right: null, left: null, height: 70, useColor: false, color: '#ffffff' },
  person: { background: '#000000', color: '#ffffff' },
  kontakt: { fill: '#ffffff' },
  display: { showStrasse: true, showPLZ: true },
  applePass: { backgroundColor: '#FFFFFF', fontColor: '#000000' },
  customCss: null,
};

/**
 * The legacy defaults (spec §3 Legacy settings) as a plain object, zod-free for the public card's
 * legacy path; a unit test keeps it equal to `vcardSettingsSchema.parse({})`.
 */
export const legacyDefaultSettings: Omit<ProfileSettings, 'applePass'> = {
  theme: DEFAULT_THEME,
  logo: { top: 22, right: null, left: 36, height: 34, useColor: false, color: '#8d0a23' },
  person: { background: '#8d0a23', color: '#fff' },
  kontakt: { fill: '#8d0a23' },
  display: { showStrasse: true, showPLZ: true },
  customCss: null,
};
