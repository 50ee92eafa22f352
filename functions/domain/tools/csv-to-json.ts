import { parse } from 'csv-parse/sync';
import { CsvError } from 'csv-parse/sync';
import { ValidationError } from '../../lib/errors.ts';
import { toolsMessages } from '../../../shared/messages/tools.ts';
import { fileLimits } from '../../../shared/schemas/tools.ts';
import type { CsvToJsonResult } from '../../../shared/schemas/tools.ts';
import { RowMapper, checkWidth } from './row-mapper.ts';

const m = toolsMessages.errors;
type Encoding = NonNullable<CsvToJsonResult['encoding']>;
type Separator = NonNullable<CsvToJsonResult['separator']>;

/**
 * Text of the file: a UTF-8 BOM or valid UTF-8 is UTF-8; anything else is what German Excel
 * writes (Windows-1252, which also covers plain Latin-1 files).
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: Encoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes), encoding: 'utf-8' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/** NUL bytes, or many control characters, in the first 8 KB: an image, a zip (xlsx), a PDF. */
export function looksBinary(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  let control = 0;
  for (const b of head) {
    if (b === 0) return true;
    if (b < 0x09 || (b > 0x0d && b < 0x20)) control++;
  }
  return control > head.length / 100;
}

/** The separator used most in the header line outside quotes (`;` from German Excel, `,` elsewhere). */
export function detectSeparator(headerLine: string): Separator {
  const counts: Record<Separator, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch in counts) counts[ch as Separator]++;
  }
  if (counts['\t'] > counts[';'] && counts['\t'] > counts[',']) return '\t';
  return counts[','] > counts[';'] ? ',' : ';';
}

/**
 * CSV (as German Excel, other spreadsheets or our own export write it) to card-holder JSON: the
 * valid rows and one error per bad row with its line number, column and German message. Rows are
 * validated as the parser hands them over; nothing but the results is kept per row.
 */
export function csvToJson(bytes: Uint8Array): CsvToJsonResult {
  if (bytes.length > fileLimits.maxBytes) throw new ValidationError(m.tooLarge(fileLimits.maxBytes / 1024 / 1024), { file: m.tooLarge(fileLimits.maxBytes / 1024 / 1024) });
  if (bytes.length === 0) throw new ValidationError(m.empty, { file: m.empty });
  if (looksBinary(bytes)) throw new ValidationError(m.binary, { file: m.binary });
  const decoded = decodeCsv(bytes);
  // One copy of the whole text with line breaks unified, so the parser's line count is the editor's.
  const text = decoded.text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (text.trim() === '') throw new ValidationError(m.empty, { file: m.empty });
  const firstLineEnd = text.indexOf('\n');
  const separator = detectSeparator(firstLineEnd < 0 ? text : text.slice(0, firstLineEnd));
  checkShape(text, separator);

  const mapper = new RowMapper();
  const onRecord = (cells: string[], lines: number): void => {
    // The record ends on `lines`; line breaks inside its cells put its start further up.
    const start = lines - cells.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
    if (!mapper.header) mapper.setHeader(cells, start);
    else mapper.addRow(start, cells);
  };

  try {
    parse(text, {
      delimiter: separator,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      on_record: (cells: string[], ctx) => {
        onRecord(cells, ctx.lines);
        return null;
      },
    });
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines ?? 1;
      throw new ValidationError(m.unreadable(line), { file: m.unreadable(line) });
    }
    throw err;
  }
  if (!mapper.header) throw new ValidationError(m.noHeader, { file: m.noHeader });
  if (mapper.rows === 0) throw new ValidationError(m.noRows, { file: m.noRows });
  return {
    data: mapper.data,
    errors: mapper.errors,
    ...mapper.summary(),
    format: 'csv',
    sheets: [],
    encoding: decoded.encoding,
    separator,
  };
}

/**
 * Bounds before parsing, in one pass over the text: no record wider than the column cap and no
 * more lines than the row cap allows (empty ones included), so a hostile file of a few MB (a
 * million separators in a line, millions of empty records) is refused in milliseconds.
 */
export function checkShape(text: string, separator: Separator): void {
  let fields = 1;
  let line = 1;
  let recordStart = 1;
  let quoted = false;
  const maxLines = fileLimits.maxRows * 5;
  const sep = separator.charCodeAt(0);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (c === 10) {
      line++;
      if (!quoted) {
        if (line > maxLines) throw new ValidationError(m.tooManyRows(fileLimits.maxRows), { file: m.tooManyRows(fileLimits.maxRows) });
        fields = 1;
        recordStart = line;
      }
    } else if (c === sep && !quoted && ++fields > fileLimits.maxColumns) checkWidth(fields, recordStart);
  }
}
