import { GetCommand } from '../../lib/dynamo.ts';
import { batchGetAll, db, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { vcardMessages } from '../../../shared/messages/vcard.ts';
import { TOTAL_VIEWS } from '../statistics/rollup-attributes.ts';
import type { VcardPerson, VcardPersonInput } from '../../../shared/schemas/vcard-person.ts';

/** A legacy person as stored. */
export interface VcardPersonItem extends VcardPersonInput {
  id: string;
  createdOn: string;
  version: number;
  updatedAt: string;
}

export async function getVcardPersonItem(personId: string, o: { consistent?: boolean } = {}): Promise<VcardPersonItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.vcardPerson(personId), ConsistentRead: o.consistent === true }));
  return out.Item as VcardPersonItem | undefined;
}

export async function requireVcardPerson(personId: string, o: { consistent?: boolean } = {}): Promise<VcardPersonItem> {
  const item = await getVcardPersonItem(personId, o);
  if (!item) throw new NotFoundError(vcardMessages.errors.personNotFound);
  return item;
}

/** Fields that name uploads of the person's legacy company (checked on write, see upload-ownership.ts). */
export const vcardPersonUploadFields = ['image', 'imageWallet'] as const;

// A tab cannot occur in a name (safeString refuses it) and sorts before every printable character.
const sortName = (p: { lastname: string; firstname: string }) => `${p.lastname}\t${p.firstname}`.toLowerCase();

export function vcardPersonRecord(p: VcardPersonItem): Record<string, unknown> {
  return {
    ...keys.vcardPerson(p.id),
    ...keys.vcardPersonListEntry(sortName(p), p.id),
    ...keys.ownedVcardPerson(p.companyId, p.id),
    type: 'vcardPerson',
    ...p,
  };
}

export function vcardPersonListSortKey(p: { id: string; lastname: string; firstname: string }): string {
  return keys.vcardPersonListEntry(sortName(p), p.id).gsi1sk;
}

/**
 * All-time views per person, from the statistics' per-card rollups (the log merge files a legacy
 * card's counts under its legacy company). One BatchGet for the list.
 */
export async function viewsOf(persons: readonly { id: string; companyId: string }[]): Promise<Map<string, number>> {
  const rollups = await batchGetAll<{ sk: string; [TOTAL_VIEWS]?: number }>(
    persons.map((p) => keys.cardStatRollup(p.companyId, p.id)),
    { expression: 'sk, #v', names: { '#v': TOTAL_VIEWS } },
  );
  return new Map(rollups.map((r) => [r.sk, r[TOTAL_VIEWS] ?? 0]));
}

export function toVcardPerson(p: VcardPersonItem, views = 0): VcardPerson {
  return { ...p, tel: p.tel ?? [], email: p.email ?? [], social: p.social ?? [], views };
}

export async function withViews(items: VcardPersonItem[]): Promise<VcardPerson[]> {
  const views = await viewsOf(items);
  return items.map((p) => toVcardPerson(p, views.get(p.id) ?? 0));
}
