import { exportFile, slug, today } from '../../lib/spreadsheet/export-file.ts';
import type { FileResult } from '../../lib/http.ts';
import type { Column, Row } from '../../lib/spreadsheet/table.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { exportMessages } from '../../../shared/messages/export.ts';
import type { ExportFormat } from '../../../shared/schemas/export.ts';
import { getCompanyItem } from '../companies/company-item.ts';
import { listPersonsOfCompany } from '../cards/list-persons.ts';
import { companyStatistics } from './company-statistics.ts';

const h = exportMessages.statistics;
const sum = (list: readonly number[]) => list.reduce((n, v) => n + v, 0);

/**
 * The statistics table of the statistik screen: one row per card (every card, also those never
 * viewed), its views per month of the last 12 and the totals of views and saves over them.
 */
export async function exportCompanyStatistics(o: { auth: AuthUser; companyId: string; format: ExportFormat }): Promise<FileResult> {
  // Permission and the company's statistik flag are checked by companyStatistics itself.
  const stats = await companyStatistics({ auth: o.auth, companyId: o.companyId });
  const [persons, company] = await Promise.all([listPersonsOfCompany({ companyId: o.companyId }), getCompanyItem(o.companyId)]);
  const byId = new Map(stats.cards.map((c) => [c.personId, c]));
  const zeros = stats.months.map(() => 0);
  const collator = new Intl.Collator('de', { sensitivity: 'base' });
  persons.sort((a, b) => collator.compare(a.lastname, b.lastname) || collator.compare(a.firstname, b.firstname));
  const columns: Column[] = [
    { header: h.lastname, type: 'text' },
    { header: h.firstname, type: 'text' },
    ...stats.months.map((m): Column => ({ header: h.viewsIn(m), type: 'number' })),
    { header: h.totalViews, type: 'number' },
    { header: h.totalSaves, type: 'number' },
    { header: h.id, type: 'text' },
  ];
  const rows = persons.map((p): Row => {
    const c = byId.get(p.id);
    const views = c?.views ?? zeros;
    return [p.lastname, p.firstname, ...views, sum(views), sum(c?.saves ?? zeros), p.id];
  });
  return exportFile({
    table: { sheetName: h.sheet, columns, rows },
    format: o.format,
    baseName: `${h.filePrefix}-${slug(company?.org ?? '')}-${today()}`,
  });
}
