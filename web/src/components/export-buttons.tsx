import { useState } from 'react';
import type { RouteDef, RouteParams } from '../../../shared/api/define.ts';
import { msg } from '../../../shared/messages.ts';
import type { ExportFormat } from '../../../shared/schemas/export.ts';
import { downloadFile } from '../api/download.ts';
import { showError } from '../toast.tsx';

const t = msg.exports.ui;
const labels: Record<ExportFormat, string> = { csv: t.csv, xlsx: t.xlsx };

/**
 * The download buttons of a table export: CSV (the default of every export route) and Excel
 * (`?format=xlsx`). `what` names the table for screen readers ("Credit-Verlauf als CSV herunterladen").
 */
export function ExportButtons<R extends RouteDef>({ route, params, what, fileBase, query }: { route: R; params: RouteParams<R>; what: string; fileBase: string; query?: Record<string, string> }) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  async function download(format: ExportFormat) {
    setBusy(format);
    const error = await downloadFile(route, params, `${fileBase}.${format}`, { ...query, format });
    setBusy(null);
    if (error) showError(error);
  }
  return (
    <span className="export-buttons" role="group" aria-label={what}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <button key={format} type="button" className="btn" disabled={busy !== null} aria-label={t.download(what, labels[format])}
          onClick={() => void download(format)}>
          {labels[format]}
        </button>
      ))}
    </span>
  );
}
