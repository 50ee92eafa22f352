import { attachment } from '../content-disposition.ts';
import { fileResult } from '../http.ts';
import type { FileResult } from '../http.ts';
import type { ExportFormat } from '../../../shared/schemas/export.ts';
import { renderCsv } from './csv.ts';
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
  // The XLSX library (about 1.2 MB) loads only for an XLSX export: a CSV export never parses it.
  const body = o.format === 'xlsx' ? await (await import('./xlsx-writer.ts')).writeXlsx(o.table) : renderCsv(o.table);
  return fileResult(contentTypes[o.format], body, {
    'content-disposition': attachment(`${o.baseName}.${o.format}`),
    'cache-control': 'no-store',
  });
}

/** `Muster GmbH & Co.` -> `muster-gmbh-co`; umlauts spelled out so the name works everywhere. */
export function slug(text: string): string {
  const ascii = text.toLowerCase().replaceAll('ä', 'ae').replaceAll('ö', 'oe').replaceAll('ü', 'ue').replaceAll('ß', 'ss');
  return ascii.normalize('NFKD').replace(/\p{M}/gu, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'unternehmen';
}

/** Today in Europe/Berlin as `yyyy-mm-dd`, for file names. */
export function today(now = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(now);
}
