import { exportFile, slug, today } from '../../lib/spreadsheet/export-file.ts';
import type { FileResult } from '../../lib/http.ts';
import type { Column, Row } from '../../lib/spreadsheet/table.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { exportMessages } from '../../../shared/messages/export.ts';
import type { CreditEntry } from '../../../shared/schemas/credit.ts';
import type { ExportFormat } from '../../../shared/schemas/export.ts';
import { getCompanyItem } from '../companies/company-item.ts';
import { listCreditHistory } from './list-credit-history.ts';

const h = exportMessages.creditHistory;
const columns: readonly Column[] = [
  { header: h.date, type: 'date' },
  { header: h.credits, type: 'number' },
  { header: h.kind, type: 'text' },
  { header: h.infotext, type: 'text' },
  { header: h.createdBy, type: 'text' },
  { header: h.card, type: 'text' },
];

const row = (e: CreditEntry): Row => [e.createdAt, e.credits, h.kinds[e.kind], e.infotext, e.createdByName ?? e.createdBy, e.cardId];

/**
 * A company's whole credit history, newest first, as the history list shows it (the same pages, so
 * the same permission check and the same names of who booked).
 */
export async function exportCreditHistory(o: { auth: AuthUser; companyId: string; format: ExportFormat }): Promise<FileResult> {
  const entries: CreditEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await listCreditHistory({ auth: o.auth, companyId: o.companyId, limit: 500, cursor });
    entries.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  const company = await getCompanyItem(o.companyId);
  return exportFile({
    table: { sheetName: h.sheet, columns, rows: entries.map(row) },
    format: o.format,
    baseName: `${h.filePrefix}-${slug(company?.org ?? '')}-${today()}`,
  });
}
