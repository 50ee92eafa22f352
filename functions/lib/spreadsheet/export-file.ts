import { attachment } from '../content-disposition.ts';
import { fileResult } from '../http.ts';
import type { FileResult } from '../http.ts';
import type { ExportFormat } from '../../../shared/schemas/export.ts';
import { renderCsv } from './csv.ts';
import { writeXlsx } from './xlsx-writer.ts';
import type { Table } from './table.ts';

const contentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * An export route's answer: the table as CSV or XLSX, as an attachment named
 * `<baseName>.<format>` (the browser saves it instead of showing it), never cached.
 */
export async function exportFile(o: { table: Table; format: ExportFormat; baseName: string }): Promise<FileResult> {
  const body = o.format === 'xlsx' ? await writeXlsx(o.table) : renderCsv(o.table);
  return fileResult(contentTypes[o.format], body, {
    'content-disposition': attachment(`${o.baseName}.${o.format}`),
    'cache-control': 'no-store',
  });
}

// File names of exports: their own module, so a download that is no table export (the DSGVO ZIP) names
// its file alike without reaching the XLSX writer.
export { slug, today } from './file-names.ts';
