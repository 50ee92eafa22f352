import { batchGetAll } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { log } from '../../lib/log.ts';
import { cardMessages } from '../../../shared/messages/card.ts';
import { defaultCardSettings } from '../../../shared/card/defaults.ts';
import type { ProfileSettings } from '../../../shared/schemas/profile.ts';
import type { PersonItem } from './person-item.ts';
import { getPersonItem } from './person-item.ts';
import type { ProfileItem } from '../profiles/profile-item.ts';
import { SCOPED_CSS } from '../profiles/profile-item.ts';
import type { CompanyItem } from '../companies/company-item.ts';

// The one answer to "which card is this id": a V2 card (card holder, profile, company) or a legacy
// card (a legacy person, its legacy company standing in for profile and company), with one merge
// of the default settings. The public card, its vCard, the wallet passes, the statistics and the
// card-changed job all ask here.

/** Everything a card is made of, as stored. */
export interface CardSource {
  person: PersonItem;
  profile: ProfileItem;
  company: CompanyItem;
}

/** A card as resolved: what it is made of (profile or company may be gone) and its settings over the defaults. */
export interface ResolvedCard {
  kind: 'card' | 'legacy';
  person: PersonItem;
  profile: ProfileItem | undefined;
  company: CompanyItem | undefined;
  settings: ProfileSettings;
}

type Section = Record<string, unknown>;

/**
 * The one settings merge: stored settings over the defaults, section by section, so an old profile
 * lacking a part still renders; a value of the wrong type is the default's. customCss is the version
 * scoped when the profile was saved (no parser runs on a visitor's request).
 */
export function cardSettings(profile: ProfileItem | undefined): ProfileSettings {
  const s = (profile?.settings as Section | undefined) ?? {};
  const merged = { ...defaultCardSettings } as unknown as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(defaultCardSettings)) {
    const value = s[key];
    if (fallback && typeof fallback === 'object') merged[key] = { ...fallback, ...(value && typeof value === 'object' ? value : {}) };
    else if (typeof value === typeof fallback && value !== undefined) merged[key] = value;
  }
  const scoped = profile?.[SCOPED_CSS];
  const customCss = typeof scoped === 'string' && scoped ? scoped : null;
  if (!customCss && typeof s.customCss === 'string' && s.customCss.trim()) {
    // Saved before CSS was scoped on save (issue 19): shown without it until the profile is saved again.
    log('warn', 'customCss of a profile has no scoped version: open and save the profile to apply it', { profileId: profile?.id });
  }
  return { ...(merged as unknown as ProfileSettings), customCss };
}

/**
 * The card with this id, shown or not (inactive, company being deleted): one GetItem, then one
 * BatchGetItem for the profile and company it names; a legacy person only for ids that are no V2
 * card. Undefined when there is no such card.
 */
export async function resolveCard(id: string): Promise<ResolvedCard | undefined> {
  const person = await getPersonItem(id);
  if (!person) {
    // Not a V2 card: maybe a legacy person (old QR codes); a second read (and its code) only for unknown ids.
    const { readLegacyCard } = await import('../legacy/legacy-card-source.ts');
    const legacy = await readLegacyCard(id);
    return legacy ? { kind: 'legacy', ...legacy, settings: cardSettings(legacy.profile) } : undefined;
  }
  const items = await batchGetAll<Record<string, unknown>>([keys.profile(person.companyProfilId), keys.company(person.companyId)]);
  const profile = items.find((i) => i.pk === keys.profile(person.companyProfilId).pk) as ProfileItem | undefined;
  const company = items.find((i) => i.pk === keys.company(person.companyId).pk) as CompanyItem | undefined;
  return { kind: 'card', person, profile, company, settings: cardSettings(profile) };
}

/** Whether visitors see the card: active, with its profile and its company, which is not being deleted. */
export function isShown(card: ResolvedCard): card is ResolvedCard & { profile: ProfileItem; company: CompanyItem } {
  const { person, profile, company } = card;
  return person.isActive === true && !!profile && !!company && !company.deleting && profile.companyId === person.companyId;
}

/**
 * The card as visitors get it (eventually consistent reads: the CDN keeps the answer anyway, and a
 * change invalidates it). Unknown, inactive, a profile or company gone or a company being deleted:
 * 404 'Karte nicht gefunden', the same for all, so nothing can be probed. Reads only: this runs
 * for anonymous visitors.
 */
export async function readCard(o: { personId: string }): Promise<CardSource & { settings: ProfileSettings }> {
  const card = await resolveCard(o.personId);
  if (!card || !isShown(card)) throw new NotFoundError(cardMessages.notFound);
  return card;
}

/** Which company each card counts for (V2 or legacy), for many ids at once (the statistics merge). */
export async function companiesOfCards(cardIds: string[]): Promise<Map<string, string>> {
  const projection = { expression: '#id, #c', names: { '#id': 'id', '#c': 'companyId' } };
  const items = await batchGetAll<{ id: string; companyId: string }>(cardIds.map((id) => keys.person(id)), projection);
  const found = new Map(items.map((i) => [i.id, i.companyId]));
  const rest = cardIds.filter((id) => !found.has(id));
  const legacy = rest.length ? await batchGetAll<{ id: string; companyId: string }>(rest.map((id) => keys.vcardPerson(id)), projection) : [];
  for (const i of legacy) found.set(i.id, i.companyId);
  return found;
}
