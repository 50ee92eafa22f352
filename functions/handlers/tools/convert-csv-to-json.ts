import { convertCsvToJson } from '../../../shared/api/routes/tools.ts';
import { toolsMessages } from '../../../shared/messages/tools.ts';
import { fileLimits, MAX_SHEET_NAME } from '../../../shared/schemas/tools.ts';
import { createHandler, rawBody } from '../../lib/http.ts';
import { UnsupportedTypeError, ValidationError } from '../../lib/errors.ts';
import { multipartBoundary, parseMultipart } from '../../lib/multipart.ts';
import { isZip } from '../../lib/spreadsheet/zip-guard.ts';
import { csvToJson } from '../../domain/tools/csv-to-json.ts';

/** Room for the multipart framing around the file. */
const FRAMING_BYTES = 64 * 1024;
const m = toolsMessages.errors;
/** Excel 97-2003 (.xls): an OLE2 compound file. */
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const refuse = (text: string) => new ValidationError(text, { file: text });

/** The file in `file` (CSV or XLSX, told apart by its content), optionally the XLSX sheet in `sheet`. */
export const handler = createHandler(convertCsvToJson, async ({ event }) => {
  const boundary = multipartBoundary(event.headers?.['content-type'] ?? event.headers?.['Content-Type']);
  if (!boundary) throw new UnsupportedTypeError(m.notMultipart);
  const body = rawBody(event);
  // The issue asks for a 400 (not 413) for a file over the limit: it is the file that is wrong.
  if (body.length > fileLimits.maxBytes + FRAMING_BYTES) throw refuse(m.tooLarge(fileLimits.maxBytes / 1024 / 1024));
  const parts = parseMultipart(body, boundary);
  const file = parts?.find((p) => p.name === 'file');
  if (!file) throw refuse(m.missingFile);
  const sheetPart = parts!.find((p) => p.name === 'sheet');
  const sheet = sheetPart ? sheetPart.data.toString('utf8').trim() : undefined;
  if (sheet !== undefined && sheet.length > MAX_SHEET_NAME) throw new ValidationError(m.sheetName, { sheet: m.sheetName });
  // The XLSX reader (about 1.2 MB) loads only for an XLSX file: a CSV never parses it.
  if (isZip(file.data)) return (await import('../../domain/tools/xlsx-to-json.ts')).xlsxToJson(file.data, { sheet });
  if (OLE2.every((b, i) => file.data[i] === b)) throw refuse(m.oldExcel);
  return csvToJson(file.data);
});
