import { useId, useRef, useState } from 'react';
import { Link, useLoaderData, useLocation } from 'react-router';
import { companyList } from '../../../../shared/api/routes/company.ts';
import { profileList } from '../../../../shared/api/routes/profile.ts';
import { toolsImport, toolsLegacyConvert } from '../../../../shared/api/routes/tools.ts';
import { vcardCompanyList } from '../../../../shared/api/routes/vcard.ts';
import { msg } from '../../../../shared/messages.ts';
import type { ImportRowResult, ImportStatus, LegacyConvertResult } from '../../../../shared/schemas/tools.ts';
import { call } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { showError } from '../../toast.tsx';
import { need, useWrite } from '../../data.tsx';
import { batchesOf, loadRows } from './import-rows.ts';
import type { LoadedRows } from './import-rows.ts';

const t = msg.tools.ui;
type Option = { id: string; label: string };
const statusText: Record<ImportStatus, string> = { created: t.created, updated: t.updated, unchanged: t.unchanged, failed: t.failed };

/** One line per row: green when written or unchanged, red with the reason when it failed. */
function ResultLines({ results, label }: { results: readonly ImportRowResult[]; label: string }) {
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

function summaryOf(results: readonly ImportRowResult[]): string {
  const n = (s: ImportStatus) => results.filter((r) => r.status === s).length;
  return t.summary(n('created'), n('updated'), n('unchanged'), n('failed'));
}

function Select({ label, value, options, placeholder, onChange }: { label: string; value: string; options: Option[] | null; placeholder: string; onChange: (v: string) => void }) {
  return (
    <label>
      {label}
      <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} disabled={!options}>
        <option value="">{options ? placeholder : msg.ui.loading}</option>
        {options?.map((o) => <option key={o.id} value={o.id}>{o.label}</option>)}
      </select>
    </label>
  );
}

/** Import: company and profile chosen, rows sent in batches with a progress bar; stop and resume. */
function ImportSection({ companies }: { companies: Option[] }) {
  const location = useLocation();
  const fromCsv = (location.state as { converted?: unknown } | null)?.converted;
  const [loaded, setLoaded] = useState<LoadedRows | null>(() => (fromCsv ? loadRows(fromCsv) : null));
  const [companyId, setCompanyId] = useState('');
  const [profiles, setProfiles] = useState<Option[] | null>([]);
  const [profileId, setProfileId] = useState('');
  const chosen = useRef('');
  const [results, setResults] = useState<ImportRowResult[]>([]);
  const [nextBatch, setNextBatch] = useState(0);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const stop = useRef(false);
  const progressId = useId();

  // The profiles follow the chosen company: read when it is chosen (only the last choice's answer counts).
  async function chooseCompany(id: string) {
    chosen.current = id;
    setCompanyId(id);
    setProfileId('');
    if (!id) { setProfiles([]); return; }
    setProfiles(null);
    const res = await call(profileList, { params: { companyId: id } });
    if (chosen.current !== id) return;
    if (!res.data) { showError(res.errorMessage ?? msg.errors.generic); setProfiles([]); return; }
    setProfiles(res.data.map((p) => ({ id: p.id, label: p.profilname })));
    if (res.data.length === 1) setProfileId(res.data[0]!.id);
  }

  async function readFile(file: File | undefined) {
    if (!file) return;
    let parsed: unknown = null;
    try { parsed = JSON.parse(await file.text()); } catch { /* reported below */ }
    const rows = loadRows(parsed);
    if (!rows) showError(t.invalidJson);
    setLoaded(rows);
    setResults([]);
    setNextBatch(0);
    setFailure(null);
  }

  const batches = loaded ? batchesOf(loaded.rows) : [];
  const total = loaded ? loaded.rows.length : 0;
  const done = Math.min(nextBatch * (batches[0]?.length ?? 0), total);

  async function run(fromStart: boolean) {
    if (!loaded) return;
    stop.current = false;
    setRunning(true);
    setFailure(null);
    let index = fromStart ? 0 : nextBatch;
    if (fromStart) { setResults([...loaded.invalid]); setNextBatch(0); }
    while (index < batches.length && !stop.current) {
      const res = await call(toolsImport, { body: { companyId, profileId, fields: loaded.fields, rows: batches[index]! } });
      if (!res.data) {
        // Nothing of this batch is lost: running it again matches what was written.
        setFailure(`${res.errorMessage ?? msg.errors.generic} ${t.batchFailed}`);
        showError(res.errorMessage ?? msg.errors.generic);
        break;
      }
      const batchResults = res.data.results;
      setResults((prev) => [...prev, ...batchResults]);
      index++;
      setNextBatch(index);
    }
    setRunning(false);
  }

  const canStart = Boolean(loaded && loaded.rows.length && companyId && profileId) && !running;
  const finished = loaded !== null && nextBatch >= batches.length && results.length > 0;
  return (
    <section className="card stack" aria-labelledby="import-title">
      <h2 id="import-title">{t.importTitle}</h2>
      <div className="form-grid">
        <Select label={t.company} value={companyId} options={companies} placeholder={t.chooseCompany} onChange={(id) => void chooseCompany(id)} />
        <Select label={t.profile} value={profileId} options={profiles} placeholder={t.chooseProfile} onChange={setProfileId} />
        <label>
          {t.jsonFile}
          <input type="file" accept=".json,application/json" onChange={(e) => void readFile(e.target.files?.[0])} disabled={running} />
        </label>
      </div>
      {loaded && (
        <p>
          {t.rowsLoaded(loaded.rows.length)}{fromCsv && loaded.rows.length ? ` ${t.fromPrevious}` : ''}
          {loaded.invalid.length > 0 && <> · <span className="badge">{t.errorRows(loaded.invalid.length)}</span></>}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="btn btn-primary" disabled={!canStart} onClick={() => void run(true)}>{t.start}</button>
        {running && <button type="button" className="btn" onClick={() => { stop.current = true; }}>{t.stop}</button>}
        {!running && nextBatch > 0 && nextBatch < batches.length && (
          <button type="button" className="btn" disabled={!canStart} onClick={() => void run(false)}>{t.resume}</button>
        )}
      </div>
      {failure && <div className="alert alert-danger" role="alert">{failure}</div>}
      {(running || results.length > 0) && (
        <div className="stack">
          <label htmlFor={progressId}>{t.progress(done, total)}</label>
          <progress id={progressId} value={done} max={total || 1} style={{ width: '100%' }} />
          {finished && <p role="status">{summaryOf(results)}</p>}
          <ResultLines results={results} label={t.importTitle} />
        </div>
      )}
    </section>
  );
}

/** Legacy conversion: a legacy vcard company into a profile and cards of a V2 company, with its report. */
function LegacySection({ companies, legacyCompanies }: { companies: Option[]; legacyCompanies: Option[] }) {
  const [legacyId, setLegacyId] = useState('');
  const [companyId, setCompanyId] = useState('');
  const { busy, write } = useWrite();
  const [report, setReport] = useState<LegacyConvertResult | null>(null);

  async function convert() {
    const res = await write(call(toolsLegacyConvert, { body: { vcardCompanyId: legacyId, companyId } }));
    if (res.data) setReport(res.data);
  }

  return (
    <section className="card stack" aria-labelledby="legacy-title">
      <h2 id="legacy-title">{t.legacyTitle}</h2>
      <div className="form-grid">
        <Select label={t.legacyCompany} value={legacyId} options={legacyCompanies} placeholder={t.chooseLegacyCompany} onChange={setLegacyId} />
        <Select label={t.company} value={companyId} options={companies} placeholder={t.chooseCompany} onChange={setCompanyId} />
      </div>
      <div className="form-actions">
        <button type="button" className="btn btn-primary" disabled={!legacyId || !companyId || busy} onClick={() => void convert()}>
          {busy ? t.legacyRunning : t.legacyStart}
        </button>
      </div>
      {report && (
        <div className="stack">
          <p role="status">
            {report.profileCreated ? t.legacyProfileCreated(report.profilname) : t.legacyProfileReused(report.profilname)}. {summaryOf(report.results)}
          </p>
          <ResultLines results={report.results} label={t.legacyTitle} />
        </div>
      )}
    </section>
  );
}

/** `/tools/konvertieren`: JSON import and the legacy conversion. */
export async function loader(): Promise<{ companies: Option[]; legacyCompanies: Option[] }> {
  const [companies, legacy] = await Promise.all([need(call(companyList)), need(call(vcardCompanyList))]);
  return { companies: companies.map((c) => ({ id: c.id, label: c.org })), legacyCompanies: legacy.map((c) => ({ id: c.id, label: c.org })) };
}

export function ConvertPage() {
  const { companies, legacyCompanies } = useLoaderData<typeof loader>();
  return (
    <div className="stack">
      <div className="toolbar">
        <h1 className="toolbar-title">{t.convert}</h1>
        <span className="spacer" />
        <Link className="btn" to={paths.tools}>{t.back}</Link>
      </div>
      <ImportSection companies={companies} />
      <LegacySection companies={companies} legacyCompanies={legacyCompanies} />
    </div>
  );
}
