import { useEffect, useId, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import * as z from 'zod';
import { msg } from '../../../../shared/messages.ts';
import { showError } from '../../toast.tsx';
import { useForm } from '../../use-form.tsx';
import { FilePicker } from './file-picker.tsx';
import { loadRows } from './import-rows.ts';
import type { LoadedRows } from './import-rows.ts';
import { useImportRun } from './import-run.ts';
import { ResultLines, Select, summaryOf } from './result-lines.tsx';
import type { Option } from './result-lines.tsx';

const t = msg.tools.ui;
/** Search parameter of the chosen company: the route loader reads its profiles. */
export const COMPANY_PARAM = 'unternehmen';

const choiceSchema = z.object({
  companyId: z.string().min(1, t.chooseCompany),
  profileId: z.string().min(1, t.chooseProfile),
});

/**
 * Import: the rows of a JSON file (or handed over by "CSV oder Excel zu JSON"), a company and a
 * profile (its options come from the route loader, for the company in the address), then the
 * batched run with progress, stop and resume.
 */
export function ImportSection({ companies, profiles }: { companies: Option[]; profiles: Option[] | null }) {
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const fromCsv = (location.state as { converted?: unknown } | null)?.converted;
  const [loaded, setLoaded] = useState<LoadedRows | null>(() => (fromCsv ? loadRows(fromCsv) : null));
  const [file, setFile] = useState<File | null>(null);
  const companyId = search.get(COMPANY_PARAM) ?? '';
  const form = useForm({ name: 'tools-import', initial: { companyId, profileId: profiles?.length === 1 ? profiles[0]!.id : '' }, parse: (v) => choiceSchema.safeParse(v) });
  const { state, run, stop, reset } = useImportRun();
  const progressId = useId();

  function chooseCompany(id: string) {
    form.setValues({ companyId: id, profileId: '' });
    // The loader reads the company's profiles; the rows loaded stay (same screen, same state).
    setSearch(id ? { [COMPANY_PARAM]: id } : {}, { replace: true, preventScrollReset: true, state: location.state });
  }

  async function readFile(chosen: File | null) {
    setFile(chosen);
    if (!chosen) return;
    let parsed: unknown = null;
    try { parsed = JSON.parse(await chosen.text()); } catch { /* reported below */ }
    const rows = loadRows(parsed);
    if (!rows) showError(t.invalidJson);
    setLoaded(rows);
    reset();
  }

  // A company with one profile: that profile is the choice, once the loader has read it.
  const only = profiles?.length === 1 && form.values.companyId === companyId ? profiles[0]!.id : '';
  useEffect(() => {
    if (only && !form.values.profileId) form.set('profileId', only);
  }, [only, form]);

  const total = loaded?.rows.length ?? 0;
  const profileOptions = companyId ? profiles : [];
  const profileId = form.values.profileId;
  // The choice is checked like a form's; the import itself is many requests with their own progress.
  const start = async (fromStart: boolean) => {
    const choice = form.check();
    if (!choice || !loaded) return;
    await run({ ...choice, fields: loaded.fields, rows: loaded.rows, invalid: loaded.invalid, fromStart });
  };
  const ready = Boolean(loaded && total) && !state.running;
  const finished = loaded !== null && state.done >= total && state.results.length > 0;
  return (
    <section className="card stack" aria-labelledby="import-title">
      <h2 id="import-title">{t.importTitle}</h2>
      <form className="stack" noValidate onSubmit={(e) => { e.preventDefault(); void start(true); }}>
        <div className="form-grid">
          <Select label={t.company} value={form.values.companyId} options={companies} placeholder={t.chooseCompany} error={form.errors.companyId} disabled={state.running} onChange={chooseCompany} />
          <Select label={t.profile} value={profileId} options={profileOptions} placeholder={t.chooseProfile} error={form.errors.profileId} disabled={state.running}
            onChange={(id) => form.set('profileId', id)} />
        </div>
        <FilePicker label={t.jsonFile} accept=".json,application/json" file={file} disabled={state.running} onChange={(f) => void readFile(f)} />
        {loaded && (
          <p>
            {t.rowsLoaded(total)}{fromCsv && total && !file ? ` ${t.fromPrevious}` : ''}
            {loaded.invalid.length > 0 && <> · <span className="badge">{t.errorRows(loaded.invalid.length)}</span></>}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={!ready}>{t.start}</button>
          {state.running && <button type="button" className="btn" onClick={stop}>{t.stop}</button>}
          {!state.running && state.done > 0 && state.done < total && (
            <button type="button" className="btn" disabled={!ready} onClick={() => void start(false)}>{t.resume}</button>
          )}
        </div>
      </form>
      {state.failure && <div className="alert alert-danger" role="alert">{state.failure}</div>}
      {(state.running || state.results.length > 0) && (
        <div className="stack">
          <label htmlFor={progressId}>{t.progress(Math.min(state.done, total), total)}</label>
          <progress id={progressId} value={Math.min(state.done, total)} max={total || 1} style={{ width: '100%' }} />
          {finished && <p role="status">{summaryOf(state.results)}</p>}
          <ResultLines results={state.results} label={t.importTitle} />
        </div>
      )}
    </section>
  );
}
