import { msg } from '../../../../shared/messages.ts';
import type { ImportRowResult, ImportStatus } from '../../../../shared/schemas/tools.ts';

const t = msg.tools.ui;
const statusText: Record<ImportStatus, string> = { created: t.created, updated: t.updated, unchanged: t.unchanged, failed: t.failed };

export type Option = { id: string; label: string };

/** One line per row: green when written or unchanged, red with the reason when it failed. */
export function ResultLines({ results, label }: { results: readonly ImportRowResult[]; label: string }) {
  return (
    <ol aria-label={label} className="import-log" style={{ listStyle: 'none', padding: 0, margin: 0, maxHeight: '22rem', overflow: 'auto', fontSize: '.9rem' }}>
      {results.map((r, i) => (
        <li key={`${r.line}-${i}`} data-status={r.status} style={{ color: r.status === 'failed' ? 'var(--c-danger)' : undefined }}>
          {t.rowLine(r.line, r.name, statusText[r.status])}{r.message ? ` (${r.message})` : ''}
        </li>
      ))}
    </ol>
  );
}

export function summaryOf(results: readonly ImportRowResult[]): string {
  const n = (s: ImportStatus) => results.filter((r) => r.status === s).length;
  return t.summary(n('created'), n('updated'), n('unchanged'), n('failed'));
}

/** A labelled select of options; `null` options: still loading. */
export function Select({ label, value, options, placeholder, error, disabled, onChange }: {
  label: string; value: string; options: readonly Option[] | null; placeholder: string; error?: string | undefined; disabled?: boolean; onChange: (v: string) => void;
}) {
  return (
    <label>
      {label}
      <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} disabled={!options || disabled} aria-invalid={error ? true : undefined}>
        <option value="">{options ? placeholder : msg.ui.loading}</option>
        {options?.map((o) => <option key={o.id} value={o.id}>{o.label}</option>)}
      </select>
      {error && <span className="field-error">{error}</span>}
    </label>
  );
}
