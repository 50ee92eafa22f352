import { useEffect, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import type { CardLang } from '../../../shared/card/labels.ts';
import type { ContactFormProps } from './contact-form.ts';

// "Kontakt austauschen" under the public card (issue 28): a button on the page; the form is a
// chunk of its own (contact-form.ts, plain DOM), loaded only when the button is pressed, so a
// first visit stays as it was (bench publicCard: contactFormGzipKB, contactFormOnFirstVisit).

const texts: Record<CardLang, { open: string; loadFailed: string }> = {
  de: { open: 'Kontakt austauschen', loadFailed: 'Das Formular konnte nicht geladen werden. Bitte erneut versuchen.' },
  en: { open: 'Exchange contact details', loadFailed: 'Could not load the form. Please try again.' },
};

export type ContactExchangeProps = Omit<ContactFormProps, 'onClose'> & { band: string; onBand: string };

export function ContactExchange({ band, onBand, ...props }: ContactExchangeProps) {
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const host = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);

  useEffect(() => {
    if (!open) {
      // Back to the button when the form closes (keyboard users keep their place).
      if (opened.current) button.current?.focus();
      return;
    }
    opened.current = true;
    let unmount: (() => void) | undefined;
    let cancelled = false;
    setLoading(true);
    import('./contact-form.ts')
      .then((m) => {
        if (!cancelled && host.current) unmount = m.mountContactForm(host.current, { ...props, onClose: () => setOpen(false) });
      })
      .catch(() => {
        setFailed(true);
        setOpen(false);
      })
      .finally(() => setLoading(false));
    return () => {
      cancelled = true;
      unmount?.();
    };
    // The card does not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  return (
    <section className="contact-exchange" style={{ '--cx-band': band, '--cx-on-band': onBand } as CSSProperties}>
      {!open && (
        <button ref={button} type="button" className="contact-exchange-open" disabled={loading} onClick={() => { setFailed(false); setOpen(true); }}>
          {texts[props.lang].open}
        </button>
      )}
      <div ref={host} />
      {failed && <p role="alert" className="contact-exchange-failed">{texts[props.lang].loadFailed}</p>}
    </section>
  );
}
