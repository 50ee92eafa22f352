import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { msg } from '../../../../shared/messages.ts';
import type { CsvToJsonResult } from '../../../../shared/schemas/tools.ts';
import { paths } from '../../paths.ts';
import { useWrite } from '../../data.tsx';
import { uploadCsv } from './csv-upload.ts';

const t = msg.tools.ui;

/** `/tools/json-erstellen`: a CSV file checked by the server; its row errors shown, the valid rows passed on to the import. */
export function CsvToJsonPage() {
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const { busy, write } = useWrite();
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<CsvToJsonResult | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!file) return;
    setError(null);
    // Checking a file changes nothing on the server: no loaders to re-run.
    const res = await write(uploadCsv(file, file.name), { revalidate: false });
    if (!res.data) {
      setResult(null);
      setError(res.errorMessage ?? msg.errors.generic);
      return;
    }
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
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <label>
          {t.chooseFile}
          <input type="file" accept=".csv,text/csv,text/plain" onChange={(e) => { setFile(e.target.files?.[0] ?? null); setResult(null); setError(null); }} />
        </label>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={!file || busy}>{busy ? t.uploading : t.upload}</button>
        </div>
      </form>
      {error && <div className="alert alert-danger" role="alert">{error}</div>}
      {result && (
        <div className="stack" aria-live="polite">
          <p>
            <span className="badge badge-success">{t.validRows(result.data.length)}</span>{' '}
            <span className="badge">{t.errorRows(result.errors.length)}</span>
          </p>
          {result.ignoredColumns.length > 0 && (
            <div className="alert alert-warning">{t.ignoredColumns(result.ignoredColumns.join(', '))}</div>
          )}
          {result.errors.length > 0 && (
            <div className="table-scroll">
              <table className="data" aria-label={t.errorRows(result.errors.length)}>
                <thead><tr><th>{t.line}</th><th>{t.column}</th><th>{t.message}</th></tr></thead>
                <tbody>
                  {result.errors.map((err) => (
                    <tr key={err.line}>
                      <td>{err.line}</td>
                      <td>{err.column}</td>
                      <td>{err.issues.map((i) => (i.column === err.column ? i.message : `${i.column}: ${i.message}`)).join('; ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
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
