import { GetCommand } from '../../lib/dynamo.ts';
import { db, tableName } from '../../lib/db.ts';
import type { TransactItem } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { SCOPED_CSS } from '../profiles/profile-item.ts';
import { settingsWithoutCss } from '../profiles/profile-css.ts';
import { legacyDefaultSettings } from '../../../shared/card/defaults.ts';
import type { VcardSettings, VcardSettingsRecord } from '../../../shared/schemas/vcard-settings.ts';

// As with profiles (functions/domain/profiles/profile-css.ts): the settings item, which every
// legacy card's CDN miss reads, keeps only the scoped CSS; the CSS as typed has an item of its own
// (keys.vcardSettingsCss) that only the settings form, the card data route and the conversion
// read. Settings saved before hold it inline: read from there until the next save moves it.

/**
 * The settings item (without the raw CSS). `scopedCss`: settings.customCss scoped to the card
 * root (functions/lib/custom-css.ts), what legacy cards serve.
 */
export function vcardSettingsRecord(companyId: string, settings: VcardSettings, scopedCss?: string): Record<string, unknown> {
  return {
    ...keys.vcardSettings(companyId), ...keys.ownedVcardSettings(companyId), type: 'vcardSettings', id: companyId, companyId,
    settings: settingsWithoutCss(settings),
    ...(scopedCss ? { [SCOPED_CSS]: scopedCss } : {}),
  };
}

/** The CSS item's write beside the settings item: a Put with CSS, a Delete without; only the company's own item. */
export function vcardSettingsCssWrite(companyId: string, css: string | null): TransactItem {
  const condition = { ConditionExpression: 'attribute_not_exists(pk) OR companyId = :cid', ExpressionAttributeValues: { ':cid': companyId } };
  const key = keys.vcardSettingsCss(companyId);
  return css
    ? { Put: { TableName: tableName(), Item: { ...key, ...keys.ownedVcardSettingsCss(companyId), type: 'vcardSettingsCss', companyId, css }, ...condition } }
    : { Delete: { TableName: tableName(), Key: key, ...condition } };
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

/** The company's settings with the CSS as typed; the legacy defaults when none were stored. */
export async function readVcardSettings(companyId: string): Promise<VcardSettingsRecord> {
  const [out, css] = await Promise.all([
    db().send(new GetCommand({ TableName: tableName(), Key: keys.vcardSettings(companyId) })),
    db().send(new GetCommand({ TableName: tableName(), Key: keys.vcardSettingsCss(companyId) })),
  ]);
  const settings = withLegacyDefaults(out.Item?.settings as Section | undefined);
  const own = css.Item?.css;
  return { id: companyId, companyId, settings: { ...settings, customCss: typeof own === 'string' ? own : settings.customCss } };
}
