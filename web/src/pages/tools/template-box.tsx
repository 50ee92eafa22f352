import { msg } from '../../../../shared/messages.ts';
import { toolsTemplate } from '../../../../shared/api/routes/tools.ts';
import { importColumns, importFields } from '../../../../shared/schemas/tools.ts';
import { downloadFile } from '../../api/download.ts';
import { showError } from '../../toast.tsx';

const t = msg.tools.ui;
const prefix = msg.tools.template.filePrefix;

/** The columns the import reads (the export's names first, then what else is accepted); Erstellt am is only accepted. */
const columns = importFields.filter((f) => f !== 'createdOn').map((f) => ({ field: f, name: importColumns[f][0]!, also: importColumns[f].slice(1) }));
const required = new Set(['firstname', 'lastname']);

async function download(format: 'xlsx' | 'csv') {
  const error = await downloadFile(toolsTemplate, undefined, `${prefix}.${format}`, { format });
  if (error) showError(error);
}

/** "Vorlage herunterladen" (Excel and CSV) and the expected columns, on every tools screen that takes a file. */
export function TemplateBox() {
  return (
    <section className="stack" aria-labelledby="template-title">
      <h2 id="template-title">{t.templateTitle}</h2>
      <p className="muted">{t.templateInfo}</p>
      <div className="form-actions">
        <button type="button" className="btn" onClick={() => void download('xlsx')}>{t.templateXlsx}</button>
        <button type="button" className="btn" onClick={() => void download('csv')}>{t.templateCsv}</button>
      </div>
      <details>
        <summary>{t.expectedColumns}</summary>
        <ul className="expected-columns" aria-label={t.expectedColumns}>
          {columns.map((c) => (
            <li key={c.field}>
              <strong>{c.name}</strong>{required.has(c.field) ? ` (${t.required})` : ''}
              {c.also.length > 0 && <span className="muted"> – {t.alsoAccepted(c.also.join(', '))}</span>}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
