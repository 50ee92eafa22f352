import { batchDeleteAll, queryAll, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';

// Contacts visitors left on a card (issue 28, "Kontakt austauschen"): listed per card on GSI1.
// The card holder's export shows them, the erasure removes them (they name the holder and the
// card, and they are the visitors' data given to this card).

interface ContactItem { pk: string; sk: string; [k: string]: unknown }

function contactsOf(personId: string): Promise<ContactItem[]> {
  return queryAll<ContactItem>({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.cardContactPartition(personId).gsi1pk },
  });
}

/** The card's contacts as stored, oldest first; undefined when there are none. */
export async function cardContacts(personId: string): Promise<Record<string, unknown>[] | undefined> {
  const items = await contactsOf(personId);
  return items.length ? items : undefined;
}

/** Removes the card's contacts; answers how many went. */
export async function eraseCardContacts(personId: string): Promise<number> {
  const items = await contactsOf(personId);
  await batchDeleteAll(items.map((i) => ({ pk: i.pk, sk: i.sk })));
  return items.length;
}
