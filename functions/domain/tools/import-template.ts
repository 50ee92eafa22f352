import { exportFile } from '../../lib/spreadsheet/export-file.ts';
import type { FileResult } from '../../lib/http.ts';
import type { Cell } from '../../lib/spreadsheet/table.ts';
import { personMessages } from '../../../shared/messages/person.ts';
import { toolsMessages } from '../../../shared/messages/tools.ts';
import type { ExportFormat } from '../../../shared/schemas/export.ts';
import { personColumns } from '../cards/export-persons.ts';

const t = toolsMessages.template;
const h = personMessages.csv;
/** The export's columns without the two the import does not need for new cards (Erstellt am, ID). */
const columns = personColumns.filter((c) => c.header !== h.createdOn && c.header !== h.id);

const e = t.example;
const example: Record<string, Cell> = {
  [h.lastname]: e.lastname, [h.firstname]: e.firstname, [h.nice]: e.nice, [h.position]: e.position, [h.org]: e.org,
  [h.telWork]: e.telWork, [h.telCell]: e.telCell, [h.email(1)]: e.email, [h.url]: e.url, [personMessages.socialTypes.linkedin]: e.linkedin,
  [h.strasse]: e.strasse, [h.plz]: e.plz, [h.ort]: e.ort, [h.bundesland]: e.bundesland, [h.land]: e.land, [h.active]: e.active,
};

/** "Vorlage herunterladen": the import's columns (the export's names) with one example row. */
export function importTemplate(o: { format: ExportFormat }): Promise<FileResult> {
  return exportFile({
    table: { sheetName: t.sheet, columns, rows: [columns.map((c) => example[c.header])] },
    format: o.format,
    baseName: t.filePrefix,
  });
}
