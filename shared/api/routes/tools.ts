import { defineRoute } from '../define.ts';
import { exportFormatQuery } from '../../schemas/export.ts';
import { csvToJsonResultSchema, importBatchSchema, importResultSchema, legacyConvertResultSchema, legacyConvertSchema } from '../../schemas/tools.ts';

/**
 * Import batches and legacy conversions write card after card (they share the company's counters).
 * Each request stops starting rows after IMPORT_TIME_BUDGET_MS (10 s) and leaves the rest to the
 * next one, so it answers long before this timeout, which itself stays well inside the HTTP API's
 * 30 s: a request is never cut off by API Gateway (503/504) while its function keeps writing.
 */
const toolRun = { memoryMb: 1024, timeoutSeconds: 20 };

/** multipart/form-data with the CSV in the field `file`; answers the valid rows and one error per bad row. */
export const convertCsvToJson = defineRoute({
  name: 'convertCsvToJson', method: 'POST', path: '/api/convert/csvtojson', access: 'admin',
  handler: 'functions/handlers/tools/convert-csv-to-json.ts',
  needs: { table: 'readWrite' },
  lambda: toolRun,
  bodyKind: 'multipart', output: csvToJsonResultSchema,
});

/** One batch of rows (the browser sends a file in batches): creates or updates cards of one company. */
export const toolsImport = defineRoute({
  name: 'toolsImport', method: 'POST', path: '/api/tools/import', access: 'admin',
  handler: 'functions/handlers/tools/tools-import.ts',
  needs: { table: 'readWrite' },
  lambda: toolRun,
  body: importBatchSchema, output: importResultSchema,
});

/** A legacy vcard company and its persons become a profile and card holders of a V2 company. */
export const toolsLegacyConvert = defineRoute({
  name: 'toolsLegacyConvert', method: 'POST', path: '/api/tools/legacy-convert', access: 'admin',
  handler: 'functions/handlers/tools/tools-legacy-convert.ts',
  needs: { table: 'readWrite' },
  lambda: toolRun,
  body: legacyConvertSchema, output: legacyConvertResultSchema,
});

/** "Vorlage herunterladen": the import's columns with one example row, as XLSX or CSV (`?format=`). */
export const toolsTemplate = defineRoute({
  name: 'toolsTemplate', method: 'GET', path: '/api/tools/template', access: 'admin',
  handler: 'functions/handlers/tools/tools-template.ts',
  needs: { table: 'read' },
  query: exportFormatQuery,
});
