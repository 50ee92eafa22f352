import { DeleteCommand } from '../../lib/dynamo.ts';
import { db, isConditionFailure, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { contactMessages } from '../../../shared/messages/contact.ts';
import type { Contact } from '../../../shared/schemas/contact.ts';
import { getContactItem, toContact } from './contact-item.ts';
import type { ContactItem } from './contact-item.ts';

/** Deletes one contact of a company the caller may reach; another company's contact is a 404 like a missing one. */
export async function deleteContact(o: { auth: AuthUser; contactId: string }): Promise<Contact> {
  const notFound = () => new NotFoundError(contactMessages.errors.notFound);
  const item = await getContactItem(o.contactId);
  requireCompanyAccess(o.auth, item?.companyId, contactMessages.errors.notFound);
  try {
    // The tenant is part of the write: the item deleted is the one of that company.
    const out = await db().send(new DeleteCommand({
      TableName: tableName(),
      Key: keys.contact(o.contactId),
      ConditionExpression: 'companyId = :c',
      ExpressionAttributeValues: { ':c': item!.companyId },
      ReturnValues: 'ALL_OLD',
    }));
    return toContact(out.Attributes as ContactItem);
  } catch (err) {
    if (isConditionFailure(err)) throw notFound();
    throw err;
  }
}
