import { contactMessages } from '../../../shared/messages/contact.ts';
import { publicBaseUrl } from '../../lib/public-base-url.ts';
import { sendMail } from '../../lib/mail/send-mail.ts';
import type { SentMail } from '../../lib/mail/send-mail.ts';
import type { PersonItem } from '../cards/person-item.ts';
import type { ContactItem } from './contact-item.ts';

const t = contactMessages.mail;

/** The German notification text (plain text: every mail program shows it the same). */
export function notificationText(o: { person: Pick<PersonItem, 'firstname' | 'lastname'>; contact: ContactItem; months: number; backOfficeUrl: string }): string {
  const c = o.contact;
  const lines = [
    t.greeting([o.person.firstname, o.person.lastname].filter(Boolean).join(' ')),
    '',
    t.intro(c.name),
    '',
    `${t.name}: ${c.name}`,
    ...(c.email ? [`${t.email}: ${c.email}`] : []),
    ...(c.phone ? [`${t.phone}: ${c.phone}`] : []),
    ...(c.company ? [`${t.company}: ${c.company}`] : []),
    ...(c.message ? ['', `${t.message}:`, c.message] : []),
    '',
    t.backOffice(o.backOfficeUrl),
    t.retention(o.months),
    '',
    '-- ',
    t.footer,
  ];
  return lines.join('\n');
}

/**
 * Tells the card holder at the card's first e-mail address (the one the card shows first). A card
 * without an e-mail address gets no mail: the contact is only in the back office ("Kontakte").
 */
export async function notifyCardHolder(o: { person: PersonItem; contact: ContactItem; months: number }): Promise<SentMail | undefined> {
  const to = o.person.email?.find((e) => e.value?.trim())?.value.trim();
  if (!to) return undefined;
  const backOfficeUrl = `${publicBaseUrl()}/v2/card/kontakte?karte=${encodeURIComponent(o.person.id)}`;
  return sendMail({
    to: { name: [o.person.firstname, o.person.lastname].filter(Boolean).join(' '), address: to },
    ...(o.contact.email ? { replyTo: { name: o.contact.name, address: o.contact.email } } : {}),
    subject: t.subject(o.contact.name),
    text: notificationText({ person: o.person, contact: o.contact, months: o.months, backOfficeUrl }),
  });
}
