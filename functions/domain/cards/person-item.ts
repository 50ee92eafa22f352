import { GetCommand } from '../../lib/dynamo.ts';
import { db, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import type { Person } from '../../../shared/schemas/person.ts';

/** A card holder as stored: the shared Person plus bookkeeping. */
export interface PersonItem extends Person {
  createdAt: string;
  updatedAt: string;
  /** When the card was first switched on: it was paid for, a later activation costs nothing. */
  activatedAt?: string;
}

/** `consistent` for a read that a write is based on: right after a create it still finds the card. */
export async function getPersonItem(personId: string, o: { consistent?: boolean } = {}): Promise<PersonItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.person(personId), ConsistentRead: o.consistent === true }));
  return out.Item as PersonItem | undefined;
}

/** The stored record: the item plus its table key, its profile list entry and its ownership entry. */
export function personRecord(p: PersonItem): Record<string, unknown> {
  return {
    ...keys.person(p.id),
    ...keys.personListEntry(p.companyProfilId, p.createdOn, p.id),
    ...keys.ownedPerson(p.companyId, p.id),
    type: 'person',
    ...p,
  };
}
