import { GetCommand } from '../../lib/dynamo.ts';
import { db, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { env } from '../../lib/env.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { commonMessages as msg } from '../../../shared/messages/common.ts';
import { toolsMessages } from '../../../shared/messages/tools.ts';
import { createProfileSchema } from '../../../shared/schemas/profile.ts';
import { emailTypes, personSocialTypes, phoneTypes } from '../../../shared/schemas/person.ts';
import { importRowSchema } from '../../../shared/schemas/tools.ts';
import type { ImportField, ImportRow, ImportRowResult, LegacyConvertResult, LegacyPlan } from '../../../shared/schemas/tools.ts';
import { getVcardCompanyItem } from '../legacy/company-item.ts';
import { listVcardPersonsOfCompany } from '../legacy/list-persons.ts';
import { readVcardSettings } from '../legacy/settings-item.ts';
import { checkedCustomCss } from '../../lib/custom-css-on-save.ts';
import { createProfile } from '../profiles/create-profile.ts';
import { queryCompanyProfiles } from '../profiles/profile-item.ts';
import type { ProfileItem } from '../profiles/profile-item.ts';
import { decideRow, importContext, importWithinBudget } from './import-persons.ts';

const m = toolsMessages.errors;

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

/** The profile the conversion puts the cards into: the company's profile named like the legacy org, if there is one. */
async function existingProfile(companyId: string, org: string): Promise<Pick<ProfileItem, 'id' | 'profilname' | 'adressen'> | undefined> {
  const profiles = await queryCompanyProfiles<Pick<ProfileItem, 'id' | 'profilname' | 'adressen'>>({ companyId, projection: ['id', 'profilname', 'adressen'] });
  return profiles.find((p) => p.profilname === org);
}

/**
 * The profile made from the legacy company's data and settings through the profile domain
 * function. Settings that today's rules refuse (an old customCss) are left out.
 */
async function createLegacyProfile(auth: AuthUser, companyId: string, legacy: NonNullable<Awaited<ReturnType<typeof getVcardCompanyItem>>>, vcardCompanyId: string): Promise<Pick<ProfileItem, 'id' | 'profilname'>> {
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
  const css = await checkedCustomCss(settings.customCss).catch(() => undefined);
  const cssKept = css !== undefined && (await Promise.all((css?.uploads ?? []).map((f) => ownedFile(companyId, f)))).every(Boolean);
  if (!cssKept) settings.customCss = null;
  const parsed = createProfileSchema.safeParse({ ...raw, settings });
  const input = parsed.success ? parsed.data : createProfileSchema.parse({ ...raw, settings: { ...settings, customCss: null } });
  return createProfile({ auth, input });
}

/**
 * A legacy vcard company and its persons become a profile and card holders of a V2 company.
 * First the plan, read without writing: the profile (found again by the legacy org, or to be
 * created), which persons become new cards, update or leave cards as they are, and what the new
 * cards' activations cost. Without enough credits nothing is written (409), so no profile is left
 * without its cards; `dryRun` answers only the plan, `activate: false` makes the new cards
 * inactive (free). Then the persons go through the import's row logic one card at a time (each
 * card with its charge in one transaction), within the request's time budget: a second request
 * goes on where the first stopped, as a repeat duplicates nothing.
 */
export async function convertLegacy(o: { auth: AuthUser; vcardCompanyId: string; companyId: string; dryRun?: boolean | undefined; activate?: boolean | undefined }): Promise<LegacyConvertResult> {
  const started = Date.now();
  const activate = o.activate ?? true;
  const legacy = await getVcardCompanyItem(o.vcardCompanyId);
  if (!legacy) throw new NotFoundError(m.legacyCompanyNotFound);
  const [found, persons] = await Promise.all([existingProfile(o.companyId, legacy.org), listVcardPersonsOfCompany({ companyId: o.vcardCompanyId })]);
  const invalid: ImportRowResult[] = [];
  const rows: { row: ImportRow; image: boolean }[] = [];
  for (const [i, p] of persons.entries()) {
    const line = i + 1;
    const parsed = importRowSchema.safeParse({
      line, nice: p.nice, firstname: p.firstname, lastname: p.lastname, position: p.position, tel: p.tel, email: p.email, social: p.social, isActive: activate,
    });
    if (parsed.success) rows.push({ row: parsed.data, image: Boolean(p.image || p.imageWallet) });
    else invalid.push({ line, status: 'failed', name: `${p.firstname} ${p.lastname}`, message: parsed.error.issues[0]?.message ?? msg.errors.invalidInput });
  }

  const planned = { id: '', profilname: legacy.org, adressen: [] };
  const planCtx = await importContext({ auth: o.auth, companyId: o.companyId, profileId: found?.id ?? null, plannedProfile: planned, fields: legacyFields, rows: rows.map((r) => r.row) });
  const kinds = rows.map((r) => decideRow(planCtx, r.row).kind);
  const count = (k: string) => kinds.filter((x) => x === k).length;
  const plan: LegacyPlan = {
    profilname: legacy.org, profileExists: Boolean(found),
    create: count('create'), update: count('update'), unchanged: count('unchanged'), invalid: invalid.length,
    creditsNeeded: activate ? count('create') * env().CARD_ACTIVATION_CREDITS : 0, creditsAvailable: planCtx.credits,
  };
  const base = { plan, profilname: legacy.org, profileCreated: false };
  if (o.dryRun) return { ...base, ...(found ? { profileId: found.id } : {}), results: [], remaining: rows.length + invalid.length };
  if (plan.creditsNeeded > plan.creditsAvailable) {
    const text = m.notEnoughCredits(plan.creditsNeeded, plan.creditsAvailable);
    throw new ConflictError(text);
  }

  const profile = found ?? await createLegacyProfile(o.auth, o.companyId, legacy, o.vcardCompanyId);
  const ctx = found ? { ...planCtx, defaultProfile: found } : await importContext({ auth: o.auth, companyId: o.companyId, profileId: profile.id, fields: legacyFields, rows: rows.map((r) => r.row) });
  const { results, remaining } = await importWithinBudget(ctx, rows.map((r) => r.row), started);
  const withNotes = results.map((result, i) => (rows[i]!.image && result.status !== 'failed' && !result.message ? { ...result, message: m.imageNotCarried } : result));
  const all = [...invalid, ...withNotes].sort((a, b) => a.line - b.line);
  return { ...base, profileId: profile.id, profileCreated: !found, results: all, remaining };
}
