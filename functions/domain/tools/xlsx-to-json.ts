import { ValidationError } from '../../lib/errors.ts';
import { ZipGuardError } from '../../lib/spreadsheet/zip-guard.ts';
import { XlsxReadError, mergesInRow, openXlsx } from '../../lib/spreadsheet/xlsx-reader.ts';
import { toolsMessages } from '../../../shared/messages/tools.ts';
import { fileLimits } from '../../../shared/schemas/tools.ts';
import type { CsvToJsonResult } from '../../../shared/schemas/tools.ts';
import { RowMapper } from './row-mapper.ts';

const m = toolsMessages.errors;
const refuse = (text: string) => new ValidationError(text, { file: text });

/**
 * An .xlsx staff list (the first sheet, or the one named) to card-holder JSON with the same row
 * mapping, validation and answer as a CSV; line numbers are the sheet's row numbers. The header is
 * the first row with content; merged header cells are refused (their columns have no name).
 */
export async function xlsxToJson(bytes: Uint8Array, o: { sheet?: string | undefined } = {}): Promise<CsvToJsonResult> {
  if (bytes.length > fileLimits.maxBytes) throw refuse(m.tooLarge(fileLimits.maxBytes / 1024 / 1024));
  try {
    const book = openXlsx(bytes, { sheet: o.sheet, limits: { maxTotalBytes: fileLimits.maxUnzippedBytes, maxEntries: fileLimits.maxZipEntries } });
    const mapper = new RowMapper();
    try {
      for await (const row of book.rows) {
        if (!mapper.header) {
          const merged = mergesInRow(book.merges, row.line);
          if (merged.length) throw refuse(m.mergedHeader(merged.join(', ')));
          mapper.setHeader(row.cells, row.line);
        } else {
          mapper.addRow(row.line, row.cells, row.numeric);
        }
      }
      if (!mapper.header) throw refuse(m.noHeader);
      if (mapper.rows === 0) throw refuse(m.noRows);
    } catch (err) {
      // A workbook with several sheets: say which one was read and name the others, so the screen can offer them.
      if (err instanceof ValidationError && book.sheets.length > 1) {
        const others = book.sheets.filter((s) => s !== book.sheet).map((s) => s.name);
        const text = `${err.message} ${m.otherSheets(book.sheet.name, others.join(', '))}`;
        throw new ValidationError(text, { file: text, sheets: book.sheets.map((s) => s.name).join('\n') });
      }
      throw err;
    }
    return { data: mapper.data, errors: mapper.errors, ...mapper.summary(), format: 'xlsx', sheets: book.sheets.map((s) => s.name), sheet: book.sheet.name };
  } catch (err) {
    if (err instanceof ZipGuardError) {
      throw refuse(err.problem === 'tooBig' ? m.xlsxTooBig(fileLimits.maxUnzippedBytes / 1024 / 1024) : err.problem === 'notZip' ? m.binary : m.xlsxBroken);
    }
    if (err instanceof XlsxReadError) {
      if (err.problem === 'noSheet') throw refuse(m.noSheet(err.detail, err.sheets.join(', ')));
      throw refuse(err.problem === 'notWorkbook' ? m.notWorkbook : m.xlsxBroken);
    }
    if (err instanceof ValidationError) throw err;
    // The parser met XML it cannot read inside a zip that passed the guard: a broken file.
    throw refuse(m.xlsxBroken);
  }
}
