import { exportFile, slug, today } from '../../lib/spreadsheet/export-file.ts';
import type { FileResult } from '../../lib/http.ts';
import type { Column, Row } from '../../lib/spreadsheet/table.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { contactMessages } from '../../../shared/messages/contact.ts';
import type { ExportFormat } from '../../../shared/schemas/export.ts';
import { getCompanyItem } from '../companies/company-item.ts';
import { allContacts } from './list-contacts.ts';
import type { ContactItem } from './contact-item.ts';

const u = contactMessages.ui;
const columns: readonly Column[] = [
  { header: u.receivedAt, type: 'date' },
  { header: u.name, type: 'text' },
  { header: u.email, type: 'text' },
  { header: u.phone, type: 'text' },
  { header: u.company, type: 'text' },
  { header: u.message, type: 'text', width: 60 },
  { header: u.card, type: 'text' },
  { header: u.expiresAt, type: 'date' },
];

const row = (c: ContactItem): Row => [c.createdAt, c.name, c.email, c.phone, c.company, c.message, c.cardName, new Date(c.expiresAt * 1000)];

/** The company's (or one card's) contacts, newest first, as CSV or XLSX (the exports' one writer, functions/lib/spreadsheet). */
export async function exportContacts(o: { auth: AuthUser; companyId: string; personId?: string | undefined; format: ExportFormat }): Promise<FileResult> {
  const contacts = await allContacts(o);
  const company = await getCompanyItem(o.companyId);
  return exportFile({
    table: { sheetName: contactMessages.export.sheetName, columns, rows: contacts.map(row) },
    format: o.format,
    baseName: `${contactMessages.export.filePrefix}-${slug(company?.org ?? '')}-${today()}`,
  });
}
