import { GetCommand } from '../../lib/dynamo.ts';
import { db, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { SCOPED_CSS } from '../profiles/profile-item.ts';
import { legacyDefaultSettings } from '../../../shared/card/defaults.ts';
import type { VcardSettings, VcardSettingsRecord } from '../../../shared/schemas/vcard-settings.ts';

/** `scopedCss`: settings.customCss scoped to the card root (functions/lib/custom-css.ts), what legacy cards serve. */
export function vcardSettingsRecord(companyId: string, settings: VcardSettings, scopedCss?: string): Record<string, unknown> {
  return {
    ...keys.vcardSettings(companyId), ...keys.ownedVcardSettings(companyId), type: 'vcardSettings', id: companyId, companyId, settings,
    ...(scopedCss ? { [SCOPED_CSS]: scopedCss } : {}),
  };
}

type Section = Record<string, unknown>;

/** Stored settings over the legacy defaults, part by part (an item lacking a part still renders). */
export function withLegacyDefaults(stored: Section | undefined): VcardSettings {
  const s = stored ?? {};
  const merged: Record<string, unknown> = {};
  for (const [key, fallback] of Object.entries(legacyDefaultSettings)) {
    const value = s[key];
    if (fallback && typeof fallback === 'object') merged[key] = { ...fallback, ...(value && typeof value === 'object' ? value : {}) };
    else merged[key] = value === undefined ? fallback : value;
  }
  return merged as unknown as VcardSettings;
}

/** The company's settings; the legacy defaults when none were stored. */
export async function readVcardSettings(companyId: string): Promise<VcardSettingsRecord> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.vcardSettings(companyId) }));
  return { id: companyId, companyId, settings: withLegacyDefaults(out.Item?.settings as Section | undefined) };
}
