import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { msg } from '../../../shared/messages.ts';
import { createProfileSchema } from '../../../shared/schemas/profile.ts';
import { emailTypes, personSocialTypes, phoneTypes } from '../../../shared/schemas/person.ts';
import { importRowSchema } from '../../../shared/schemas/tools.ts';
import type { ImportField, ImportRow, ImportRowResult, LegacyConvertResult } from '../../../shared/schemas/tools.ts';
import { getVcardCompanyItem } from '../vcard/company-item.ts';
import { listVcardPersonsOfCompany } from '../vcard/list-persons.ts';
import { readVcardSettings } from '../vcard/settings-item.ts';
import { scopeCustomCss } from '../../lib/custom-css.ts';
import { createProfile } from '../profiles/create-profile.ts';
import { queryCompanyProfiles } from '../profiles/profile-item.ts';
import type { ProfileItem } from '../profiles/profile-item.ts';
import { importContext, importRow } from './import-persons.ts';

const m = msg.tools.errors;

/** What a legacy person carries: these fields of the card are taken from it, the rest stays. */
const legacyFields: ImportField[] = [
  'nice', 'firstname', 'lastname', 'position',
  ...phoneTypes.map((t) => `tel.${t}` as const),
  ...emailTypes.map((t) => `email.${t}` as const),
  ...personSocialTypes.map((t) => `social.${t}` as const),
];

/** A file is carried over only when it is an upload of the target company (the card rules). */
async function ownedFile(companyId: string, filename: string | undefined): Promise<string | undefined> {
  if (!filename) return undefined;
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.upload(filename), ProjectionExpression: 'companyId' }));
  return out.Item?.companyId === companyId ? filename : undefined;
}

/**
 * The profile made from the legacy company: found again by its name (the legacy org), so a second
 * run reuses it; else created from the legacy company's data and settings through the profile
 * domain function. Settings that today's rules refuse (an old customCss) are left out.
 */
async function legacyProfile(auth: AuthUser, companyId: string, vcardCompanyId: string): Promise<{ profile: Pick<ProfileItem, 'id' | 'profilname'>; created: boolean }> {
  const legacy = await getVcardCompanyItem(vcardCompanyId);
  if (!legacy) throw new NotFoundError(m.legacyCompanyNotFound);
  const profiles = await queryCompanyProfiles<Pick<ProfileItem, 'id' | 'profilname'>>({ companyId, projection: ['id', 'profilname'] });
  const found = profiles.find((p) => p.profilname === legacy.org);
  if (found) return { profile: found, created: false };
  const { settings } = await readVcardSettings(vcardCompanyId);
  const address = { straße: legacy.straße, plz: legacy.plz, ort: legacy.ort, bundesland: legacy.bundesland, land: legacy.land };
  const raw = {
    companyId, profilname: legacy.org, firmenname: legacy.firmenname, claim: legacy.claim,
    logo: await ownedFile(companyId, legacy.logo), walletLogo: await ownedFile(companyId, legacy.walletLogo),
    adressen: Object.values(address).some(Boolean) ? [address] : [],
    url: legacy.url, social: legacy.social, notes: legacy.notes, color: legacy.color, class: legacy.class,
    impressum: legacy.impressum, datenschutz: legacy.datenschutz,
  };
  // The legacy CSS comes along when today's rules accept it and its images are the target company's own.
  const css = (() => {
    try {
      return scopeCustomCss(settings.customCss);
    } catch {
      return undefined;
    }
  })();
  const cssKept = css !== undefined && (await Promise.all((css?.uploads ?? []).map((f) => ownedFile(companyId, f)))).every(Boolean);
  if (!cssKept) settings.customCss = null;
  const parsed = createProfileSchema.safeParse({ ...raw, settings });
  const input = parsed.success ? parsed.data : createProfileSchema.parse({ ...raw, settings: { ...settings, customCss: null } });
  const profile = await createProfile({ auth, input });
  return { profile, created: true };
}

/**
 * A legacy vcard company and its persons become a profile and card holders of a V2 company.
 * Persons go through the import's row logic (match by name and first e-mail, then the card domain
 * functions), so a second run updates or leaves cards as they are instead of duplicating them.
 */
export async function convertLegacy(o: { auth: AuthUser; vcardCompanyId: string; companyId: string }): Promise<LegacyConvertResult> {
  const { profile, created } = await legacyProfile(o.auth, o.companyId, o.vcardCompanyId);
  const persons = await listVcardPersonsOfCompany({ companyId: o.vcardCompanyId });
  const results: ImportRowResult[] = [];
  const rows: { row: ImportRow; image: boolean }[] = [];
  for (const [i, p] of persons.entries()) {
    const line = i + 1;
    const parsed = importRowSchema.safeParse({
      line, nice: p.nice, firstname: p.firstname, lastname: p.lastname, position: p.position, tel: p.tel, email: p.email, social: p.social,
    });
    if (parsed.success) rows.push({ row: parsed.data, image: Boolean(p.image || p.imageWallet) });
    else results.push({ line, status: 'failed', name: `${p.firstname} ${p.lastname}`, message: parsed.error.issues[0]?.message ?? msg.errors.invalidInput });
  }
  const ctx = await importContext({ auth: o.auth, companyId: o.companyId, profileId: profile.id, fields: legacyFields, rows: rows.map((r) => r.row) });
  for (const { row, image } of rows) {
    const result = await importRow(ctx, row);
    const imageNote = image && result.status !== 'failed' ? m.imageNotCarried : undefined;
    results.push(imageNote && !result.message ? { ...result, message: imageNote } : result);
  }
  results.sort((a, b) => a.line - b.line);
  return { profileId: profile.id, profilname: profile.profilname, profileCreated: created, results };
}
