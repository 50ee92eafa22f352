import { GetCommand } from '../../lib/dynamo.ts';
import { db, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import type { Contact } from '../../../shared/schemas/contact.ts';

/**
 * A contact as stored: what the visitor typed, which card and company it belongs to, when it
 * came and when it goes (`expiresAt`, epoch seconds: the table's TTL). Nothing else about the
 * visitor (no address, user agent or cookie).
 */
export interface ContactItem {
  id: string;
  companyId: string;
  personId: string;
  /** The card holder's name when the contact came in (the card may be renamed or deleted later). */
  cardName: string;
  name: string;
  email?: string;
  phone?: string;
  company?: string;
  message?: string;
  createdAt: string;
  expiresAt: number;
}

export function contactRecord(c: ContactItem): Record<string, unknown> {
  return {
    ...keys.contact(c.id),
    ...keys.cardContactEntry(c.personId, c.createdAt, c.id),
    ...keys.ownedContact(c.companyId, c.createdAt, c.id),
    type: 'contact',
    ...c,
  };
}

export async function getContactItem(contactId: string): Promise<ContactItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.contact(contactId) }));
  const item = out.Item as ContactItem | undefined;
  // TTL deletes lazily (within days): an expired contact is gone for every reader.
  return item && !isExpired(item) ? item : undefined;
}

export function isExpired(c: Pick<ContactItem, 'expiresAt'>, now = new Date()): boolean {
  return c.expiresAt <= Math.floor(now.getTime() / 1000);
}

/** `months` calendar months after `from` (the 31st becomes the month's last day), as epoch seconds. */
export function expiryAfter(from: string, months: number): number {
  const d = new Date(from);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

export function toContact(c: ContactItem): Contact {
  return {
    id: c.id,
    companyId: c.companyId,
    personId: c.personId,
    cardName: c.cardName,
    name: c.name,
    ...(c.email ? { email: c.email } : {}),
    ...(c.phone ? { phone: c.phone } : {}),
    ...(c.company ? { company: c.company } : {}),
    ...(c.message ? { message: c.message } : {}),
    createdAt: c.createdAt,
    expiresAt: new Date(c.expiresAt * 1000).toISOString(),
  };
}
