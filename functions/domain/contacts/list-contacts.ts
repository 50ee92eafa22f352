import { QueryCommand } from '../../lib/dynamo.ts';
import type { QueryCommandInput } from '../../lib/dynamo.ts';
import { db, queryPages, tableName } from '../../lib/db.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { contactMessages } from '../../../shared/messages/contact.ts';
import type { Contact } from '../../../shared/schemas/contact.ts';
import { getCompanyItem } from '../companies/company-item.ts';
import { isExpired, toContact } from './contact-item.ts';
import type { ContactItem } from './contact-item.ts';

/**
 * The Query of a company's contacts (its ownership partition, kind CONTACT) or of one card's
 * (GSI1, filtered to the company), newest first. Expired contacts TTL has not removed yet are
 * filtered out (TTL deletes lazily).
 */
function contactQuery(o: { companyId: string; personId?: string | undefined; now: Date }): Omit<QueryCommandInput, 'ExclusiveStartKey'> {
  const live = { ':now': Math.floor(o.now.getTime() / 1000), ':company': o.companyId };
  const filter = 'expiresAt > :now AND companyId = :company';
  return o.personId
    ? {
        TableName: tableName(), IndexName: 'gsi1', ScanIndexForward: false,
        KeyConditionExpression: 'gsi1pk = :pk',
        FilterExpression: filter,
        ExpressionAttributeValues: { ':pk': keys.cardContactPartition(o.personId).gsi1pk, ...live },
      }
    : {
        TableName: tableName(), IndexName: 'gsi2', ScanIndexForward: false,
        KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :kind)',
        FilterExpression: filter,
        ExpressionAttributeValues: { ':pk': keys.ownedPartition(o.companyId).gsi2pk, ':kind': keys.ownedContactPrefix(o.companyId).gsi2sk, ...live },
      };
}

async function requireCompany(auth: AuthUser, companyId: string): Promise<void> {
  requireCompanyAccess(auth, companyId, contactMessages.errors.companyNotFound);
  const company = await getCompanyItem(companyId);
  if (!company || company.deleting) throw new NotFoundError(contactMessages.errors.companyNotFound);
}

/** One page of the contacts; the cursor must continue the same list. */
export async function listContacts(o: { auth: AuthUser; companyId: string; personId?: string | undefined; limit: number; cursor?: string | undefined; now?: Date }): Promise<{ items: Contact[]; nextCursor?: string }> {
  await requireCompany(o.auth, o.companyId);
  const query = contactQuery({ companyId: o.companyId, personId: o.personId, now: o.now ?? new Date() });
  const partition = query.ExpressionAttributeValues![':pk'] as string;
  const start = decodeCursor(o.cursor, o.personId ? ['pk', 'sk', 'gsi1pk', 'gsi1sk'] : ['pk', 'sk', 'gsi2pk', 'gsi2sk'], (key) =>
    (o.personId ? key.gsi1pk === partition : key.gsi2pk === partition && key.gsi2sk!.startsWith(keys.ownedContactPrefix(o.companyId).gsi2sk))
      && key.pk!.startsWith('CONTACT#') && key.sk === keys.contact('x').sk);
  const out = await db().send(new QueryCommand({ ...query, Limit: o.limit, ExclusiveStartKey: start }));
  const nextCursor = encodeCursor(out.LastEvaluatedKey);
  return { items: ((out.Items ?? []) as ContactItem[]).map(toContact), ...(nextCursor ? { nextCursor } : {}) };
}

/** Every live contact of the list, newest first (exports). */
export async function allContacts(o: { auth: AuthUser; companyId: string; personId?: string | undefined; now?: Date }): Promise<ContactItem[]> {
  await requireCompany(o.auth, o.companyId);
  const out: ContactItem[] = [];
  for await (const page of queryPages<ContactItem>(contactQuery({ companyId: o.companyId, personId: o.personId, now: o.now ?? new Date() }))) out.push(...page);
  return out.filter((c) => !isExpired(c, o.now));
}
