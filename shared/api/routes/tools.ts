import { defineRoute } from '../define.ts';
import { exportFormatQuery } from '../../schemas/export.ts';
import { csvToJsonResultSchema, importBatchSchema, importResultSchema, legacyConvertResultSchema, legacyConvertSchema } from '../../schemas/tools.ts';

/** multipart/form-data with the CSV in the field `file`; answers the valid rows and one error per bad row. */
export const convertCsvToJson = defineRoute({
  name: 'convertCsvToJson', method: 'POST', path: '/api/convert/csvtojson', access: 'admin',
  bodyKind: 'multipart', output: csvToJsonResultSchema,
});

/** One batch of rows (the browser sends a file in batches): creates or updates cards of one company. */
export const toolsImport = defineRoute({
  name: 'toolsImport', method: 'POST', path: '/api/tools/import', access: 'admin',
  body: importBatchSchema, output: importResultSchema,
});

/** A legacy vcard company and its persons become a profile and card holders of a V2 company. */
export const toolsLegacyConvert = defineRoute({
  name: 'toolsLegacyConvert', method: 'POST', path: '/api/tools/legacy-convert', access: 'admin',
  body: legacyConvertSchema, output: legacyConvertResultSchema,
});

/** "Vorlage herunterladen": the import's columns with one example row, as XLSX or CSV (`?format=`). */
export const toolsTemplate = defineRoute({
  name: 'toolsTemplate', method: 'GET', path: '/api/tools/template', access: 'admin',
  query: exportFormatQuery,
});
