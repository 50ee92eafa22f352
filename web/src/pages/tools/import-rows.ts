import { importFields, importRowSchema, IMPORT_BATCH_SIZE } from '../../../../shared/schemas/tools.ts';
import type { ImportField, ImportRow, ImportRowResult } from '../../../../shared/schemas/tools.ts';
import { msg } from '../../../../shared/messages.ts';

/** The rows to import and what their columns cover (the import changes only these on existing cards). */
export interface LoadedRows {
  fields: ImportField[];
  rows: ImportRow[];
  /** Rows of a loaded file that do not pass the card-holder schema: reported, never sent. */
  invalid: ImportRowResult[];
}

const listFields: Record<string, ImportField[]> = {
  tel: importFields.filter((f) => f.startsWith('tel.')),
  email: importFields.filter((f) => f.startsWith('email.')),
  social: importFields.filter((f) => f.startsWith('social.')),
  adresse: importFields.filter((f) => f.startsWith('adresse.')),
};

/**
 * Reads what "CSV zu JSON" produced: `{ fields, data }` (its download), or a plain list of rows,
 * whose covered fields are then the keys the rows carry. Every row is checked with the shared
 * schema; a file that is no such list gives null.
 */
export function loadRows(json: unknown): LoadedRows | null {
  const obj = json as { data?: unknown; fields?: unknown } | null;
  const list = Array.isArray(json) ? json : Array.isArray(obj?.data) ? obj.data : null;
  if (!list) return null;
  let fields: ImportField[];
  if (!Array.isArray(json) && Array.isArray(obj?.fields)) {
    fields = (obj.fields as unknown[]).filter((f): f is ImportField => (importFields as readonly unknown[]).includes(f));
  } else {
    const keys = new Set(list.flatMap((r) => (r && typeof r === 'object' ? Object.keys(r) : [])));
    fields = [...keys].flatMap((k) => listFields[k] ?? ((importFields as readonly string[]).includes(k) ? [k as ImportField] : []));
  }
  const rows: ImportRow[] = [];
  const invalid: ImportRowResult[] = [];
  list.forEach((raw, i) => {
    const withLine = raw && typeof raw === 'object' && !('line' in raw) ? { ...raw, line: i + 1 } : raw;
    const parsed = importRowSchema.safeParse(withLine);
    if (parsed.success) rows.push(parsed.data);
    else {
      const r = (raw ?? {}) as { line?: unknown; firstname?: unknown; lastname?: unknown };
      const issue = parsed.error.issues[0];
      invalid.push({
        line: typeof r.line === 'number' ? r.line : i + 1,
        status: 'failed',
        name: `${String(r.firstname ?? '')} ${String(r.lastname ?? '')}`.trim(),
        message: issue ? `${issue.path.join('.')}: ${issue.message}` : msg.errors.invalidInput,
      });
    }
  });
  return { fields, rows, invalid };
}

export function batchesOf<T>(rows: readonly T[], size = IMPORT_BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
