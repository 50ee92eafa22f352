import { NotFoundError } from '../../lib/errors.ts';
import { buildCsv } from '../../lib/csv.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { msg } from '../../../shared/messages.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { getCompanyItem } from '../companies/company-item.ts';
import { allContacts } from './list-contacts.ts';
import type { ContactItem } from './contact-item.ts';

const u = msg.contact.ui;
const header = [u.receivedAt, u.name, u.email, u.phone, u.company, u.message, u.card, u.expiresAt];

function row(c: ContactItem): string[] {
  return [
    formatDateTime(c.createdAt, 'Europe/Berlin'), c.name, c.email ?? '', c.phone ?? '', c.company ?? '', c.message ?? '', c.cardName,
    formatDateTime(new Date(c.expiresAt * 1000).toISOString(), 'Europe/Berlin'),
  ];
}

function slug(text: string): string {
  const ascii = text.toLowerCase().replaceAll('ä', 'ae').replaceAll('ö', 'oe').replaceAll('ü', 'ue').replaceAll('ß', 'ss');
  return ascii.normalize('NFKD').replace(/\p{M}/gu, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'unternehmen';
}

/** The company's (or one card's) contacts as CSV, newest first. */
export async function exportContacts(o: { auth: AuthUser; companyId: string; personId?: string | undefined }): Promise<{ filename: string; csv: string }> {
  const contacts = await allContacts(o);
  const company = await getCompanyItem(o.companyId);
  if (!company) throw new NotFoundError(msg.contact.errors.companyNotFound);
  const date = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date());
  return { filename: `${msg.contact.export.filePrefix}-${slug(company.org)}-${date}.csv`, csv: buildCsv(header, contacts.map(row)) };
}
