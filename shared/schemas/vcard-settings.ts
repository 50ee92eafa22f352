import * as z from 'zod';
import { msg } from '../messages.ts';
import { DEFAULT_THEME } from '../card/themes.ts';
import { blankAsAbsent, idSchema, safeString } from './common.ts';

const m = msg.vcard.errors;

// Legacy settings (spec §3): the same parts as a V2 profile's settings, with the legacy defaults.

const hex = (fallback: string) =>
  blankAsAbsent(z.string().trim().max(7, m.color).regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, m.color).default(fallback));
const px = (fallback: number | null) =>
  blankAsAbsent(z.number({ error: () => m.number }).finite().min(-2000, m.number).max(2000, m.number).nullable().default(fallback));
const blankToNull = (v: unknown) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v);
/** `{}` through an object whose fields all have defaults (see profile.ts). */
const ALL_DEFAULTS = {} as never;

export { legacyDefaultSettings } from '../card/defaults.ts';

export const vcardSettingsSchema = z.object({
  theme: blankAsAbsent(z.string().trim().max(64).regex(/^[A-Za-z0-9_-]+$/, m.theme).default(DEFAULT_THEME)),
  logo: z.object({
    top: px(22),
    right: px(null),
    left: px(36),
    height: px(34),
    useColor: z.boolean().default(false),
    color: hex('#8d0a23'),
  }).prefault(ALL_DEFAULTS),
  person: z.object({ background: hex('#8d0a23'), color: hex('#fff') }).prefault(ALL_DEFAULTS),
  kontakt: z.object({ fill: hex('#8d0a23') }).prefault(ALL_DEFAULTS),
  display: z.object({ showStrasse: z.boolean().default(true), showPLZ: z.boolean().default(true) }).prefault(ALL_DEFAULTS),
  /** Checked and scoped on the server exactly like a profile's (functions/lib/custom-css.ts). */
  customCss: z.preprocess(blankToNull, safeString({ max: 20_000, multiline: true }).nullable()),
});
export type VcardSettings = z.output<typeof vcardSettingsSchema>;

export const updateVcardSettingsSchema = z.object({ settings: vcardSettingsSchema.prefault(ALL_DEFAULTS) });

export const vcardSettingsOutput = z.object({
  id: z.string(),
  companyId: z.string(),
  settings: z.object({
    theme: z.string(),
    logo: z.object({
      top: z.number().nullable(), right: z.number().nullable(), left: z.number().nullable(), height: z.number().nullable(),
      useColor: z.boolean(), color: z.string(),
    }),
    person: z.object({ background: z.string(), color: z.string() }),
    kontakt: z.object({ fill: z.string() }),
    display: z.object({ showStrasse: z.boolean(), showPLZ: z.boolean() }),
    customCss: z.string().nullable(),
  }),
});
export type VcardSettingsRecord = z.output<typeof vcardSettingsOutput>;

export const vcardIdParams = z.object({ id: idSchema });
