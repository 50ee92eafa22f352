import { randomUUID } from 'node:crypto';
import { batchGetAll, tableName, transact } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { log } from '../../lib/log.ts';
import { contactMessages } from '../../../shared/messages/contact.ts';
import { DEFAULT_CONTACT_RETENTION_MONTHS } from '../../../shared/schemas/contact.ts';
import type { ContactRequest } from '../../../shared/schemas/contact.ts';
import type { CompanyItem } from '../companies/company-item.ts';
import { getPersonItem } from '../cards/person-item.ts';
import { contactRecord, expiryAfter } from './contact-item.ts';
import type { ContactItem } from './contact-item.ts';
import { notifyCardHolder } from './notify-card-holder.ts';

/**
 * "Kontakt austauschen": keeps what the visitor typed for the card's company and tells the card
 * holder by e-mail. An inactive, unknown or legacy card answers 404 like the public card. A filled
 * honeypot answers the same as a real contact and keeps nothing (bots learn nothing). The mail is
 * sent after the write; a failure is logged, the contact stays (it is in the back office).
 */
export async function createContact(o: { personId: string; input: ContactRequest; now?: Date }): Promise<{ ok: true }> {
  const notFound = () => new NotFoundError(contactMessages.errors.cardNotFound);
  const person = await getPersonItem(o.personId);
  if (!person || person.isActive !== true) throw notFound();
  const [company] = await batchGetAll<CompanyItem>([keys.company(person.companyId)]);
  if (!company || company.deleting) throw notFound();
  if (o.input.homepage) {
    log('info', 'contact honeypot filled: nothing kept', { personId: o.personId });
    return { ok: true };
  }
  const months = company.contactRetentionMonths ?? DEFAULT_CONTACT_RETENTION_MONTHS;
  const createdAt = (o.now ?? new Date()).toISOString();
  const { name, email, phone, company: visitorCompany, message } = o.input;
  const item: ContactItem = {
    id: randomUUID(),
    companyId: person.companyId,
    personId: person.id,
    cardName: [person.firstname, person.lastname].filter(Boolean).join(' '),
    name,
    ...(email ? { email } : {}),
    ...(phone ? { phone } : {}),
    ...(visitorCompany ? { company: visitorCompany } : {}),
    ...(message ? { message } : {}),
    createdAt,
    expiresAt: expiryAfter(createdAt, months),
  };
  // Not while the company is being deleted: its delete would otherwise miss this item.
  await transact([
    { Put: { TableName: tableName(), Item: contactRecord(item), ConditionExpression: 'attribute_not_exists(pk)' } },
    { ConditionCheck: { TableName: tableName(), Key: keys.company(person.companyId), ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deleting)' } },
  ], () => notFound());
  try {
    await notifyCardHolder({ person, contact: item, months });
  } catch (err) {
    log('error', 'contact notification e-mail failed; the contact is in the back office', { contactId: item.id, error: err instanceof Error ? err.message : String(err) });
  }
  return { ok: true };
}
