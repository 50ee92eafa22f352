import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { msg } from '../../../../shared/messages.ts';
import type { CsvToJsonResult } from '../../../../shared/schemas/tools.ts';
import { paths } from '../../paths.ts';
import { useWrite } from '../../data.tsx';
import { uploadCsv } from './csv-upload.ts';
import { FilePicker } from './file-picker.tsx';
import { TemplateBox } from './template-box.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { col } from '../../components/list/columns.tsx';
import type { ListColumn } from '../../components/list/columns.tsx';

const ACCEPT = '.xlsx,.csv,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const t = msg.tools.ui;

/**
 * `/tools/json-erstellen`: a staff list (XLSX or CSV) checked by the server; its row errors shown,
 * the valid rows passed on to the import. A workbook with several sheets offers the choice of sheet.
 */
export function CsvToJsonPage() {
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const { busy, write } = useWrite();
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<CsvToJsonResult | null>(null);
  const [sheets, setSheets] = useState<{ names: string[]; chosen: string } | null>(null);

  async function check(sheet?: string) {
    if (!file) return;
    setError(null);
    // Checking a file changes nothing on the server: no loaders to re-run.
    const res = await write(uploadCsv(file, file.name, sheet), { revalidate: false });
    if (!res.data) {
      setResult(null);
      setError(res.errorMessage ?? msg.errors.generic);
      // A workbook whose sheet could not be read names its sheets: offer them.
      setSheets(res.fieldErrors?.sheets ? { names: res.fieldErrors.sheets.split('\n'), chosen: sheet ?? res.fieldErrors.sheets.split('\n')[0]! } : null);
      return;
    }
    setSheets(res.data.sheets.length > 1 ? { names: res.data.sheets, chosen: res.data.sheet! } : null);
    setResult(res.data);
  }

  function download() {
    if (!result) return;
    const blob = new Blob([JSON.stringify({ fields: result.fields, data: result.data }, null, 2)], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${(file?.name ?? 'import').replace(/\.[^.]*$/, '')}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  return (
    <section className="card stack">
      <div className="toolbar">
        <h1 className="toolbar-title">{t.csvToJson}</h1>
        <span className="spacer" />
        <Link className="btn" to={paths.tools}>{t.back}</Link>
      </div>
      <p className="muted">{t.csvToJsonInfo}</p>
      <form className="stack" onSubmit={(e) => { e.preventDefault(); void check(); }}>
        <FilePicker label={t.chooseFile} accept={ACCEPT} file={file} disabled={busy} onChange={(f) => { setFile(f); setResult(null); setError(null); setSheets(null); }} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={!file || busy}>{busy ? t.uploading : t.upload}</button>
        </div>
      </form>
      {sheets && (
        <label>
          {t.sheet}
          <select value={sheets.chosen} disabled={busy} onChange={(e) => void check(e.target.value)}>
            {sheets.names.map((name) => <option key={name} value={name}>{name}</option>)}
          </select>
        </label>
      )}
      {error && <div className="alert alert-danger" role="alert">{error}</div>}
      {!result && <TemplateBox />}
      {result && (
        <div className="stack" aria-live="polite">
          {result.sheet && <p className="muted">{t.sheetRead(result.sheet)}</p>}
          <p>
            <span className="badge badge-success">{t.validRows(result.data.length)}</span>{' '}
            <span className="badge">{t.errorRows(result.errors.length)}</span>
          </p>
          {result.ignoredColumns.length > 0 && (
            <div className="alert alert-warning">{t.ignoredColumns(result.ignoredColumns.join(', '))}</div>
          )}
          {result.errors.length > 0 && <ErrorTable errors={result.errors} />}
          <div className="form-actions">
            <button type="button" className="btn" onClick={download} disabled={result.data.length === 0}>{t.downloadJson}</button>
            <button
              type="button" className="btn btn-primary" disabled={result.data.length === 0}
              onClick={() => void navigate(paths.toolsKonvertieren, { state: { converted: { fields: result.fields, data: result.data }, name: file?.name } })}
            >
              {t.toImport}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

type RowError = CsvToJsonResult['errors'][number];

const errorColumns: ListColumn<RowError>[] = [
  col.number('line', t.line, (e) => e.line, { cell: (e) => String(e.line) }),
  col.text('column', t.column, (e) => e.column),
  col.text('message', t.message, (e) => e.issues.map((i) => (i.column === e.column ? i.message : `${i.column}: ${i.message}`)).join('; ')),
];

/** The rows the server refused, by line; searchable, so a long file's errors of one column can be found. */
function ErrorTable({ errors }: { errors: RowError[] }) {
  return (
    <ListTable label={t.errorRows(errors.length)} rows={errors} rowKey={(e) => String(e.line)} columns={errorColumns}
      search={{ label: t.searchErrors }} sort={{ initial: { id: 'line', desc: false } }} emptyText={t.errorRows(0)} testId="tool-errors" />
  );
}
