import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { personDataExport, personErase, vcardPersonDataExport, vcardPersonErase } from '../../../../shared/api/routes/privacy.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import { useWrite } from '../../data.tsx';
import { Modal } from '../../components/modal.tsx';
import { paths } from '../../paths.ts';
import { showError } from '../../toast.tsx';

const t = msg.privacy.ui;

/**
 * The card holder's rights in the card form (DSGVO): their data as one ZIP (Art. 15), erasure
 * everywhere (Art. 17, confirmed by typing the card's id), and the card's audit entries. The
 * legacy person form shows the same for a legacy person (`legacy`: its routes, and where to go
 * after the erasure).
 */
export function CardPrivacy({ person, legacy }: { person: { id: string; firstname: string; lastname: string }; legacy?: { back: string } }) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [confirm, setConfirm] = useState('');
  const { write, busy: erasing } = useWrite();
  const id = useId();
  const name = `${person.firstname} ${person.lastname}`.trim();

  async function exportData() {
    setBusy(true);
    const fallbackName = `auskunft-${person.id}.zip`;
    const error = legacy
      ? await downloadFile(vcardPersonDataExport, { id: person.id }, fallbackName)
      : await downloadFile(personDataExport, { id: person.id }, fallbackName);
    setBusy(false);
    if (error) showError(error || t.exportFailed);
  }

  async function erase(ev: FormEvent) {
    // The dialog is a portal inside the card form: its submit must not reach the card form.
    ev.preventDefault();
    ev.stopPropagation();
    const request = { params: { id: person.id }, body: { confirm: confirm.trim() } };
    const res = await write(legacy ? call(vcardPersonErase, request) : call(personErase, request), {
      success: t.erased, next: legacy?.back ?? paths.visitenkarteOverview, replace: true,
    });
    if (res.data) setAsking(false);
  }

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.privacyTitle}</h2>
      <p className="muted">{t.exportHint}</p>
      <p className="muted">{t.eraseHint}</p>
      <div className="form-actions">
        <button type="button" className="btn" disabled={busy} onClick={() => void exportData()}>{t.exportButton}</button>
        <button type="button" className="btn btn-danger-outline" onClick={() => { setConfirm(''); setAsking(true); }}>{t.eraseButton}</button>
        <Link to={`${paths.auditLog}?objekt=${encodeURIComponent(person.id)}`}>{t.cardHistory}</Link>
      </div>
      {asking && (
        <Modal title={t.eraseButton} role="alertdialog" describedBy={`${id}-question`} onClose={() => setAsking(false)} initialFocus="[data-cancel]">
          <form onSubmit={(ev) => void erase(ev)} className="stack">
            <p id={`${id}-question`}>{t.eraseQuestion(name)}</p>
            <label>
              {t.eraseConfirmLabel} <code>{person.id}</code>
              <input name="confirm" autoComplete="off" value={confirm} onChange={(ev) => setConfirm(ev.target.value)} />
            </label>
            <div className="form-actions">
              <button type="button" className="btn" data-cancel onClick={() => setAsking(false)}>{t.cancel}</button>
              <button type="submit" className="btn btn-danger" disabled={erasing || confirm.trim() !== person.id}>{t.eraseButton}</button>
            </div>
          </form>
        </Modal>
      )}
    </section>
  );
}
