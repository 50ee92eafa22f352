import type { ProfileSettings } from '../schemas/profile.ts';

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
