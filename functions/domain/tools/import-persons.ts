import { AppError, NotFoundError } from '../../lib/errors.ts';
import { log } from '../../lib/log.ts';
import { env } from '../../lib/env.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { toolsMessages } from '../../../shared/messages/tools.ts';
import { emailTypes, personSocialTypes, phoneTypes } from '../../../shared/schemas/person.ts';
import type { Person, PersonInput } from '../../../shared/schemas/person.ts';
import type { ImportField, ImportRow, ImportRowResult } from '../../../shared/schemas/tools.ts';
import { getCompanyItem } from '../companies/company-item.ts';
import { queryCompanyProfiles } from '../profiles/profile-item.ts';
import type { ProfileItem } from '../profiles/profile-item.ts';
import { createPerson } from '../cards/create-person.ts';
import { MAX_TRANSACTION_ITEMS, createPersons, groupItemCount } from '../cards/create-persons.ts';
import { updatePerson } from '../cards/update-person.ts';
import { buildMatchIndex, consistentBatchGet, matchCandidates, matchIndexReady, matchKey, matchKeyHash } from '../cards/match-index.ts';
import { keys } from '../../lib/keys.ts';
import type { PersonItem } from '../cards/person-item.ts';

const m = toolsMessages.errors;
export type Profile = Pick<ProfileItem, 'id' | 'profilname' | 'adressen'>;
type Address = { adresseId: string; straße?: string; plz?: string; ort?: string; bundesland?: string; land?: string };

/** The company's cards by id and by match key (the oldest card wins a shared key). */
export class CardIndex {
  private readonly byId = new Map<string, PersonItem>();
  private readonly byKey = new Map<string, PersonItem>();
  constructor(cards: readonly PersonItem[]) {
    for (const card of [...cards].sort((a, b) => a.createdOn.localeCompare(b.createdOn))) this.add(card);
  }
  add(card: PersonItem, previous?: PersonItem): void {
    if (previous && this.byKey.get(matchKey(previous)) === previous) this.byKey.delete(matchKey(previous));
    this.byId.set(card.id, card);
    const key = matchKey(card);
    if (!this.byKey.has(key) || previous) this.byKey.set(key, card);
  }
  find(row: ImportRow): PersonItem | undefined {
    return (row.id ? this.byId.get(row.id) : undefined) ?? this.byKey.get(matchKey(row));
  }
}

const same = (a: string | undefined, b: string | undefined) =>
  (a ?? '').trim().toLocaleLowerCase('de') === (b ?? '').trim().toLocaleLowerCase('de');

/** The profile's address with exactly the row's street, PLZ, place, state and country. */
function findAddress(profile: Profile, adresse: ImportRow['adresse']): Address | undefined {
  if (!adresse) return undefined;
  return ((profile.adressen ?? []) as Address[]).find((a) =>
    same(a.straße, adresse.straße) && same(a.plz, adresse.plz) && same(a.ort, adresse.ort)
    && same(a.bundesland, adresse.bundesland) && same(a.land, adresse.land));
}

type Entry = { type: string };
/** List entries of the types the file's columns cover come from the row; the other types stay. */
function mergeList<E extends Entry>(current: readonly E[], row: readonly E[], group: string, fields: ReadonlySet<string>, order: readonly string[]): E[] {
  const covered = (type: string) => fields.has(`${group}.${type}`);
  return [...current.filter((e) => !covered(e.type)), ...row.filter((e) => covered(e.type))]
    .sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
}

type CardFields = Omit<PersonInput, 'isActive'>;
const scalarFields = ['nice', 'firstname', 'lastname', 'position', 'firmenname', 'org', 'url'] as const;

function formOf(p: PersonItem): CardFields {
  return {
    companyProfilId: p.companyProfilId, adresseId: p.adresseId, nice: p.nice, firstname: p.firstname, lastname: p.lastname,
    position: p.position, firmenname: p.firmenname, org: p.org, url: p.url, image: p.image, imageWallet: p.imageWallet,
    color: p.color, tel: p.tel, email: p.email, social: p.social,
  };
}

/** Stable comparison of two cards' form fields (absent and undefined are the same). */
function sameCard(a: CardFields, b: CardFields): boolean {
  // Entry order is not content: the form keeps the order typed, the file the column order.
  const byType = (list: readonly Entry[]) => [...list].sort((x, y) => x.type.localeCompare(y.type));
  const canon = (c: CardFields) => JSON.stringify(Object.entries({ ...c, tel: byType(c.tel), email: byType(c.email), social: byType(c.social) })
    .filter(([, v]) => v !== undefined).sort(([x], [y]) => x.localeCompare(y)));
  return canon(a) === canon(b);
}

export interface ImportContext {
  auth: AuthUser;
  companyId: string;
  /** The company's balance when the batch was read. */
  credits: number;
  /** Where cards go whose row names no profile of the company. */
  defaultProfile: Profile;
  profiles: readonly Profile[];
  fields: ReadonlySet<ImportField>;
  index: CardIndex;
}

/**
 * Company, profiles and the cards the batch's rows can match, read once per batch: the cards named
 * by the rows' ID column and those the match index lists under the rows' name and first e-mail
 * (one BatchGetItem each, whatever the company's size). Matching then uses the cards' own data,
 * so a stale index entry matches nothing.
 */
export async function importContext(o: {
  auth: AuthUser; companyId: string; fields: readonly ImportField[]; rows: readonly ImportRow[];
  /** The chosen profile; null only to plan (decideRow) for a profile not created yet: `plannedProfile`. */
  profileId: string | null; plannedProfile?: Profile;
}): Promise<ImportContext> {
  const hashes = o.rows.map((r) => matchKeyHash(r));
  // Independent reads side by side (one round trip per batch in the usual case).
  const [company, profiles, ready, found] = await Promise.all([
    getCompanyItem(o.companyId),
    queryCompanyProfiles<Profile>({ companyId: o.companyId, projection: ['id', 'profilname', 'adressen'] }),
    matchIndexReady(o.companyId),
    matchCandidates(o.companyId, hashes),
  ]);
  if (!company || company.deleting) throw new NotFoundError(m.companyNotFound);
  // The company's first import: its older cards join the index, then the candidates are read again.
  if (!ready) await buildMatchIndex(o.companyId);
  const candidates = ready ? found : await matchCandidates(o.companyId, hashes);
  const defaultProfile = o.profileId === null ? o.plannedProfile : profiles.find((p) => p.id === o.profileId);
  if (!defaultProfile) throw new NotFoundError(m.profileNotFound);
  const ids = new Set([...o.rows.flatMap((r) => (r.id ? [r.id] : [])), ...[...candidates.values()].flat()]);
  const cards = (await consistentBatchGet<PersonItem & { type?: string }>([...ids].map((id) => keys.person(id))))
    .filter((c) => c.companyId === o.companyId);
  return { auth: o.auth, companyId: o.companyId, credits: company.credits, defaultProfile, profiles, fields: new Set(o.fields), index: new CardIndex(cards) };
}

const nameOf = (row: { firstname: string; lastname: string }) => `${row.firstname} ${row.lastname}`.trim();

type Decision =
  | { kind: 'create'; profile: Profile; address: Address | undefined; notes: string[] }
  | { kind: 'update' | 'unchanged'; existing: PersonItem; next: CardFields; isActive: boolean; note: string | undefined };

/**
 * What one row does to the company's cards, decided without writing: the matching card (by the
 * file's ID, else by name and first e-mail) is updated where the file's columns differ, or left as
 * it is; without a match a card is created.
 */
export function decideRow(ctx: ImportContext, row: ImportRow): Decision {
  const f = ctx.fields;
  const named = f.has('profil') && row.profil ? ctx.profiles.find((p) => same(p.profilname, row.profil)) : undefined;
  const profileMissing = Boolean(f.has('profil') && row.profil && !named);
  const addressGiven = [...f].some((k) => k.startsWith('adresse.'));
  const existing = ctx.index.find(row);
  if (!existing) {
    const profile = named ?? ctx.defaultProfile;
    const address = addressGiven ? findAddress(profile, row.adresse) : undefined;
    const notes = [profileMissing ? m.profileNotInCompany(row.profil!, true) : undefined, row.adresse && addressGiven && !address ? m.addressNotInProfile : undefined].filter((n): n is string => Boolean(n));
    return { kind: 'create', profile, address, notes };
  }
  // Only what the file's columns cover changes; photos, colour and uncovered columns stay.
  const current = formOf(existing);
  const next: CardFields = { ...current };
  for (const field of scalarFields) if (f.has(field)) (next as Record<string, unknown>)[field] = row[field];
  next.tel = mergeList(current.tel, row.tel, 'tel', f, phoneTypes);
  next.email = mergeList(current.email, row.email, 'email', f, emailTypes);
  next.social = mergeList(current.social, row.social, 'social', f, personSocialTypes);
  const profile = named ?? ctx.profiles.find((p) => p.id === existing.companyProfilId) ?? ctx.defaultProfile;
  next.companyProfilId = profile.id;
  let note = profileMissing ? m.profileNotInCompany(row.profil!, false) : undefined;
  if (addressGiven) {
    const address = findAddress(profile, row.adresse);
    next.adresseId = address?.adresseId;
    if (row.adresse && !address) note = [note, m.addressNotInProfile].filter(Boolean).join('; ');
  } else if (profile.id !== existing.companyProfilId) {
    next.adresseId = undefined;
  }
  const isActive = f.has('isActive') && row.isActive !== undefined ? row.isActive : existing.isActive;
  const unchanged = sameCard(current, next) && isActive === existing.isActive;
  return { kind: unchanged ? 'unchanged' : 'update', existing, next, isActive, note };
}

type CreateDecision = Extract<Decision, { kind: 'create' }>;

function createInput(row: ImportRow, d: CreateDecision): PersonInput {
  return {
    companyProfilId: d.profile.id, adresseId: d.address?.adresseId,
    nice: row.nice, firstname: row.firstname, lastname: row.lastname, position: row.position, firmenname: row.firmenname,
    org: row.org, url: row.url, image: undefined, imageWallet: undefined, color: undefined,
    tel: row.tel, email: row.email, social: row.social, isActive: row.isActive ?? true,
  };
}

/** A new card joins the batch's index (a later row of the file matches it) and its row reports it. */
function created(ctx: ImportContext, row: ImportRow, d: CreateDecision, card: Person): ImportRowResult {
  ctx.index.add({ ...card, createdAt: card.createdOn, updatedAt: card.createdOn } as PersonItem);
  return { line: row.line, name: nameOf(row), status: 'created', id: card.id, ...(d.notes.length ? { message: d.notes.join('; ') } : {}) };
}

/**
 * One row, written as decided (decideRow): through the card domain functions, so counters,
 * activation charges and upload ownership follow the card form's rules. Each card is one
 * transaction with its charge: it is written completely or not at all.
 */
export async function importRow(ctx: ImportContext, row: ImportRow): Promise<ImportRowResult> {
  const base = { line: row.line, name: nameOf(row) };
  try {
    const d = decideRow(ctx, row);
    if (d.kind === 'create') {
      // The profile comes from the company's profiles read for this batch; the address from its own list.
      const card = await createPerson({ auth: ctx.auth, input: createInput(row, d), checkedProfile: { id: d.profile.id, companyId: ctx.companyId } });
      return created(ctx, row, d, card);
    }
    if (d.kind === 'unchanged') return { ...base, status: 'unchanged', id: d.existing.id, ...(d.note ? { message: d.note } : {}) };
    const card = await updatePerson({ auth: ctx.auth, personId: d.existing.id, input: { ...d.next, isActive: d.isActive }, version: d.existing.version });
    ctx.index.add({ ...d.existing, ...card } as PersonItem, d.existing);
    return { ...base, status: 'updated', id: d.existing.id, ...(d.note ? { message: d.note } : {}) };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const detail = err.fieldErrors ? Object.values(err.fieldErrors)[0] : undefined;
    return { ...base, status: 'failed', message: detail && detail !== err.message ? `${err.message}: ${detail}` : err.message };
  }
}

type Pending = { index: number; row: ImportRow; decision: CreateDecision; input: PersonInput; hash: string };

/**
 * New cards in groups of one transaction each (createPersons: one company update for the whole
 * group instead of one per card). A group that fails (balance too small for all of it, a profile
 * gone) is written again card by card, so each row gets the outcome and message it would have alone.
 */
async function createGroup(ctx: ImportContext, group: readonly Pending[]): Promise<ImportRowResult[]> {
  if (group.length > 1) {
    try {
      const cards = await createPersons({ auth: ctx.auth, companyId: ctx.companyId, inputs: group.map((g) => g.input) });
      return group.map((g, i) => created(ctx, g.row, g.decision, cards[i]!));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  const out: ImportRowResult[] = [];
  for (const g of group) out.push(await importRow(ctx, g.row));
  return out;
}

/** Room in one transaction for a group (a company user's scope check takes one more item). */
const GROUP_ITEMS = MAX_TRANSACTION_ITEMS - 1;

/**
 * The rows in file order until the request's time budget is spent (IMPORT_TIME_BUDGET_MS, far
 * inside the function's timeout): no row starts late once something has been written. New cards
 * are collected into groups written in one transaction each; a row whose name and e-mail match a
 * card still waiting in the group is decided after that group is written (it then updates it).
 * Rows that stay unchanged cost no write and never stop it, so a repeated request (legacy
 * conversion) moves past the rows done before. Answers the results and the rows left over.
 */
export async function importWithinBudget(ctx: ImportContext, rows: readonly ImportRow[], started = Date.now()): Promise<{ results: ImportRowResult[]; remaining: number }> {
  const budget = env().IMPORT_TIME_BUDGET_MS;
  const results: ImportRowResult[] = [];
  let group: Pending[] = [];
  let wrote = false;
  const flush = async () => {
    if (!group.length) return;
    const pending = group;
    group = [];
    const done = await createGroup(ctx, pending);
    pending.forEach((p, k) => { results[p.index] = done[k]!; });
    wrote = true;
  };
  let i = 0;
  for (; i < rows.length; i++) {
    if (wrote && Date.now() - started >= budget) break;
    const row = rows[i]!;
    let decision: Decision | undefined;
    try { decision = decideRow(ctx, row); } catch (err) { if (!(err instanceof AppError)) throw err; }
    if (decision?.kind === 'create') {
      const hash = matchKeyHash(row);
      if (group.some((g) => g.hash === hash)) {
        await flush();
        decision = decideRow(ctx, row);
      }
      if (decision.kind === 'create') {
        const input = createInput(row, decision);
        if (groupItemCount([...group.map((g) => g.input), input]) > GROUP_ITEMS) await flush();
        group.push({ index: i, row, decision, input, hash });
        continue;
      }
    }
    await flush();
    const result = await importRow(ctx, row);
    if (result.status !== 'unchanged') wrote = true;
    results[i] = result;
  }
  await flush();
  return { results, remaining: rows.length - i };
}

/** A batch of rows, one after the other (they share the company's counters and balance), within the time budget. */
export async function importPersons(o: { auth: AuthUser; companyId: string; profileId: string; fields: readonly ImportField[]; rows: readonly ImportRow[] }): Promise<{ results: ImportRowResult[]; remaining: number }> {
  const started = Date.now();
  const ctx = await importContext(o);
  const out = await importWithinBudget(ctx, o.rows, started);
  const failed = out.results.filter((r) => r.status === 'failed').length;
  if (failed || out.remaining) log('info', 'import batch', { companyId: o.companyId, rows: out.results.length, failed, remaining: out.remaining });
  return out;
}
