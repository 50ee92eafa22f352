import { useId, useState } from 'react';
import * as z from 'zod';
import { toolsLegacyConvert } from '../../../../shared/api/routes/tools.ts';
import { msg } from '../../../../shared/messages.ts';
import type { ImportRowResult, LegacyConvertResult, LegacyPlan } from '../../../../shared/schemas/tools.ts';
import { call } from '../../api/client.ts';
import { Modal } from '../../components/modal.tsx';
import { useWrite } from '../../data.tsx';
import { useForm } from '../../use-form.tsx';
import { ResultLines, Select, summaryOf } from './result-lines.tsx';
import type { Option } from './result-lines.tsx';

const t = msg.tools.ui;

const choiceSchema = z.object({
  vcardCompanyId: z.string().min(1, t.chooseLegacyCompany),
  companyId: z.string().min(1, t.chooseCompany),
  activate: z.boolean(),
});
type Choice = z.output<typeof choiceSchema>;

/** What the conversion will do, in sentences; the cost line says whether the credits suffice. */
function PlanText({ plan, activate }: { plan: LegacyPlan; activate: boolean }) {
  const short = plan.creditsNeeded > plan.creditsAvailable;
  return (
    <ul className="plan-list">
      <li>{t.legacyPlanProfile(plan.profilname, plan.profileExists)}</li>
      <li>{t.legacyPlanCards(plan.create, plan.update, plan.unchanged)}</li>
      {plan.invalid > 0 && <li>{t.legacyPlanInvalid(plan.invalid)}</li>}
      <li>{activate ? t.legacyPlanCost(plan.creditsNeeded, plan.creditsAvailable) : t.legacyPlanFree}</li>
      {short && <li className="field-error" role="alert">{t.legacyPlanShort(plan.creditsNeeded, plan.creditsAvailable)}</li>}
      <li className="muted">{t.legacyPlanAtomic}</li>
    </ul>
  );
}

/**
 * Legacy conversion: first a check that writes nothing (the plan: profile, cards, credits), shown
 * for confirmation; without enough credits it cannot be confirmed, but the cards can be made
 * inactive instead. The confirmed conversion runs in requests until none is left (each request
 * stops in time; a repeat goes on where the last one stopped), with its progress and report.
 */
export function LegacySection({ companies, legacyCompanies }: { companies: Option[]; legacyCompanies: Option[] }) {
  const form = useForm<Choice, Choice>({ name: 'tools-legacy', initial: { vcardCompanyId: '', companyId: '', activate: true }, parse: (v) => choiceSchema.safeParse(v) });
  const { busy, write } = useWrite();
  const [plan, setPlan] = useState<{ plan: LegacyPlan; choice: Choice } | null>(null);
  const [running, setRunning] = useState<{ done: number; total: number } | null>(null);
  const [report, setReport] = useState<(LegacyConvertResult & { all: ImportRowResult[] }) | null>(null);
  const progressId = useId();

  async function check(choice: Choice) {
    setReport(null);
    const res = await write(call(toolsLegacyConvert, { body: { ...choice, dryRun: true } }), { form: 'tools-legacy', revalidate: false });
    if (res.data) setPlan({ plan: res.data.plan, choice });
    return res;
  }

  async function convert(choice: Choice, total: number) {
    setPlan(null);
    const byLine = new Map<number, ImportRowResult>();
    let last: LegacyConvertResult | null = null;
    setRunning({ done: 0, total });
    for (;;) {
      const res = await write(call(toolsLegacyConvert, { body: choice }), { form: 'tools-legacy', revalidate: false });
      if (!res.data) break;
      last = res.data;
      // A later request reports rows done before as unchanged: the first word about a row counts.
      for (const r of res.data.results) if (!byLine.has(r.line)) byLine.set(r.line, r);
      setRunning({ done: total - res.data.remaining, total });
      if (res.data.remaining === 0) break;
    }
    setRunning(null);
    if (last) setReport({ ...last, all: [...byLine.values()].sort((a, b) => a.line - b.line) });
  }

  const toggleActivate = async (activate: boolean) => {
    form.set('activate', activate);
    if (!plan) return;
    // The box follows at once; the plan (cost, whether it can be confirmed) follows the server's answer.
    setPlan({ ...plan, choice: { ...plan.choice, activate } });
    await check({ ...plan.choice, activate });
  };
  const short = plan ? plan.choice.activate && plan.plan.creditsNeeded > plan.plan.creditsAvailable : false;
  const total = plan ? plan.plan.create + plan.plan.update + plan.plan.unchanged + plan.plan.invalid : 0;
  return (
    <section className="card stack" aria-labelledby="legacy-title">
      <h2 id="legacy-title">{t.legacyTitle}</h2>
      {/* `check` writes (and is also called when "activate" changes): the form only validates first. */}
      <form className="stack" noValidate onSubmit={(e) => { e.preventDefault(); const choice = form.check(); if (choice) void check(choice); }}>
        <div className="form-grid">
          <Select label={t.legacyCompany} value={form.values.vcardCompanyId} options={legacyCompanies} placeholder={t.chooseLegacyCompany} error={form.errors.vcardCompanyId}
            onChange={(v) => form.set('vcardCompanyId', v)} />
          <Select label={t.company} value={form.values.companyId} options={companies} placeholder={t.chooseCompany} error={form.errors.companyId}
            onChange={(v) => form.set('companyId', v)} />
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={form.values.activate} onChange={(e) => form.set('activate', e.target.checked)} /> {t.legacyActivate}
        </label>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy || running !== null}>
            {running ? t.legacyRunning : busy ? t.legacyChecking : t.legacyStart}
          </button>
        </div>
      </form>
      {plan && (
        <Modal title={t.legacyConfirmTitle} role="alertdialog" onClose={() => setPlan(null)} initialFocus="[data-cancel]">
          <PlanText plan={plan.plan} activate={plan.choice.activate} />
          <label className="checkbox">
            <input type="checkbox" checked={plan.choice.activate} disabled={busy} onChange={(e) => void toggleActivate(e.target.checked)} /> {t.legacyActivate}
          </label>
          <div className="form-actions">
            <button type="button" className="btn" data-cancel onClick={() => setPlan(null)}>{t.legacyCancel}</button>
            <button type="button" className="btn btn-primary" disabled={busy || short} onClick={() => void convert(plan.choice, total)}>{t.legacyConfirm}</button>
          </div>
        </Modal>
      )}
      {running && (
        <div className="stack">
          <label htmlFor={progressId}>{t.legacyProgress(running.done, running.total)}</label>
          <progress id={progressId} value={running.done} max={running.total || 1} style={{ width: '100%' }} />
        </div>
      )}
      {report && (
        <div className="stack">
          <p role="status">
            {report.profileCreated ? t.legacyProfileCreated(report.profilname) : t.legacyProfileReused(report.profilname)}. {summaryOf(report.all)}
          </p>
          <ResultLines results={report.all} label={t.legacyTitle} />
        </div>
      )}
    </section>
  );
}
