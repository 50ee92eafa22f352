import { exportFile, today } from '../../lib/spreadsheet/export-file.ts';
import type { FileResult } from '../../lib/http.ts';
import type { Column, Row } from '../../lib/spreadsheet/table.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { exportMessages } from '../../../shared/messages/export.ts';
import type { MonthStats } from '../../../shared/schemas/credit.ts';
import type { ExportFormat } from '../../../shared/schemas/export.ts';
import { creditStatistics } from './credit-statistics.ts';

const h = exportMessages.creditStatistics;
const count = (header: string): Column => ({ header, type: 'number' });
const columns: readonly Column[] = [
  { header: h.company, type: 'text' },
  { header: h.month, type: 'month' },
  count(h.activations), count(h.usedActivations), count(h.usedMonthly), count(h.added), count(h.removed),
  count(h.balance), count(h.activeCards),
  { header: h.companyId, type: 'text' },
];

const figures = (m: MonthStats) => [m.activations, m.usedActivations, m.usedMonthly, m.added, m.removed];

/**
 * The admin statistics table, one row per company and month of the last 12 (sortable and
 * filterable in a spreadsheet), then the totals of all companies; balance and active cards as of today.
 */
export async function exportCreditStatistics(o: { auth: AuthUser; format: ExportFormat }): Promise<FileResult> {
  const stats = await creditStatistics({ auth: o.auth });
  const collator = new Intl.Collator('de', { sensitivity: 'base' });
  const companies = [...stats.companies].sort((a, b) => collator.compare(a.org, b.org));
  const rows: Row[] = [
    ...companies.flatMap((c) => c.months.map((m): Row => [c.org, m.month, ...figures(m), c.credits, c.cardCountActive, c.companyId])),
    ...stats.total.map((m): Row => [h.total, m.month, ...figures(m), null, null, null]),
  ];
  return exportFile({ table: { sheetName: h.sheet, columns, rows }, format: o.format, baseName: `${h.filePrefix}-${today()}` });
}
