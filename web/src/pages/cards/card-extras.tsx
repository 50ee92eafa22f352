import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { cardSignature } from '../../../../shared/api/routes/person.ts';
import { cardBackground } from '../../../../shared/api/routes/upload.ts';
import type { RouteOutput } from '../../../../shared/api/define.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import { showError, showSuccess } from '../../toast.tsx';
import { paths } from '../../paths.ts';

const t = msg.card.extras;
type Signature = RouteOutput<typeof cardSignature>;

function save(name: string, type: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A whole HTML file around the signature (Outlook imports `.htm` signatures); still no <style>. */
function htmlFile(s: Signature): string {
  return `<!DOCTYPE html>\n<html lang="de"><head><meta charset="utf-8"><title>${msg.card.signature.filePrefix}</title></head><body>${s.html}</body></html>\n`;
}

/**
 * What a card holder takes from the stored card (issue 28): the e-mail signature (copy as rich
 * text or plain text, download), the virtual background for video calls, the card's contacts.
 */
export function CardExtras({ cardId }: { cardId: string }) {
  const [signature, setSignature] = useState<Signature | null>(null);
  useEffect(() => {
    let current = true;
    void call(cardSignature, { params: { id: cardId } }).then((res) => {
      if (!current) return;
      if (res.data) setSignature(res.data);
      else showError(res.errorMessage ?? msg.errors.generic);
    });
    return () => { current = false; };
  }, [cardId]);

  const copy = async (asHtml: boolean) => {
    if (!signature) return;
    try {
      if (asHtml && typeof ClipboardItem !== 'undefined') {
        // Rich text for mail programs, plain text for everything else that pastes it.
        await navigator.clipboard.write([new ClipboardItem({
          'text/html': new Blob([signature.html], { type: 'text/html' }),
          'text/plain': new Blob([signature.text], { type: 'text/plain' }),
        })]);
      } else {
        await navigator.clipboard.writeText(signature.text);
      }
      showSuccess(t.copied);
    } catch {
      showError(t.copyFailed);
    }
  };

  const background = async () => {
    const problem = await downloadFile(cardBackground, { id: cardId }, `${msg.card.background.filePrefix}.png`);
    if (problem) showError(problem);
  };

  return (
    <section className="card stack card-extras" data-testid="card-extras">
      <h2>{t.title}</h2>
      <p className="muted">{t.note}</p>
      <h3>{t.signature}</h3>
      <p className="muted">{t.signatureHint}</p>
      {signature
        ? (
          <>
            {/* Built on the server from escaped values (shared/card/signature.ts): tables and inline styles only. */}
            <div className="signature-preview" aria-label={t.preview} role="group" data-testid="signature-preview" dangerouslySetInnerHTML={{ __html: signature.html }} />
            <div className="row-actions">
              <button type="button" className="btn" onClick={() => void copy(true)}>{t.copyHtml}</button>
              <button type="button" className="btn" onClick={() => void copy(false)}>{t.copyText}</button>
              <button type="button" className="btn" onClick={() => save(`${signature.fileStem}.html`, 'text/html;charset=utf-8', htmlFile(signature))}>{t.downloadHtml}</button>
              <button type="button" className="btn" onClick={() => save(`${signature.fileStem}.txt`, 'text/plain;charset=utf-8', `${signature.text}\n`)}>{t.downloadText}</button>
            </div>
          </>
        )
        : <p className="muted">{t.loading}</p>}
      <h3>{t.background}</h3>
      <p className="muted">{t.backgroundHint}</p>
      <div className="row-actions">
        <button type="button" className="btn" onClick={() => void background()}>{t.downloadBackground}</button>
      </div>
      <h3>{msg.contact.ui.title}</h3>
      <p><Link to={`${paths.contacts}?karte=${encodeURIComponent(cardId)}`}>{t.contacts}</Link></p>
    </section>
  );
}
