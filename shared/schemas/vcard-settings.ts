import * as z from 'zod/mini';
import { vcardMessages } from '../messages/vcard.ts';
import { DEFAULT_THEME } from '../card/themes.ts';
import { blankAsAbsent, idSchema, safeString } from './common.ts';

const m = vcardMessages.errors;

// Legacy settings (spec §3): the same parts as a V2 profile's settings, with the legacy defaults.

const hex = (fallback: string) =>
  blankAsAbsent(z._default(z.string().check(z.trim(), z.maxLength(7, m.color), z.regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, m.color)), fallback));
const px = (fallback: number | null) =>
  blankAsAbsent(z._default(z.nullable(z.number({ error: () => m.number }).check(z.gte(-2000, m.number), z.lte(2000, m.number))), fallback));
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
/** `{}` through an object whose fields all have defaults (see profile.ts). */
const ALL_DEFAULTS = {} as never;

export { legacyDefaultSettings } from '../card/defaults.ts';

export const vcardSettingsSchema = z.object({
  theme: blankAsAbsent(z._default(z.string().check(z.trim(), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/, m.theme)), DEFAULT_THEME)),
  logo: z.prefault(z.object({
    top: px(22),
    right: px(null),
    left: px(36),
    height: px(34),
    useColor: z._default(z.boolean(), false),
    color: hex('#8d0a23'),
  }), ALL_DEFAULTS),
  person: z.prefault(z.object({ background: hex('#8d0a23'), color: hex('#fff') }), ALL_DEFAULTS),
  kontakt: z.prefault(z.object({ fill: hex('#8d0a23') }), ALL_DEFAULTS),
  display: z.prefault(z.object({ showStrasse: z._default(z.boolean(), true), showPLZ: z._default(z.boolean(), true) }), ALL_DEFAULTS),
  /** Checked and scoped on the server exactly like a profile's (functions/lib/custom-css.ts). */
  customCss: z._default(z.pipe(z.transform(blankToNull), z.nullable(safeString({ max: 20_000, multiline: true }))), null),
});
export type VcardSettings = z.output<typeof vcardSettingsSchema>;

export const updateVcardSettingsSchema = z.object({ settings: z.prefault(vcardSettingsSchema, ALL_DEFAULTS) });

export const vcardSettingsOutput = z.object({
  id: z.string(),
  companyId: z.string(),
  settings: z.object({
    theme: z.string(),
    logo: z.object({
      top: z.nullable(z.number()), right: z.nullable(z.number()), left: z.nullable(z.number()), height: z.nullable(z.number()),
      useColor: z.boolean(), color: z.string(),
    }),
    person: z.object({ background: z.string(), color: z.string() }),
    kontakt: z.object({ fill: z.string() }),
    display: z.object({ showStrasse: z.boolean(), showPLZ: z.boolean() }),
    customCss: z.nullable(z.string()),
  }),
});
export type VcardSettingsRecord = z.output<typeof vcardSettingsOutput>;

export const vcardIdParams = z.object({ id: idSchema });
