import { contactFormTexts } from '../../../shared/card/contact-texts.ts';
import type { CardLang } from '../../../shared/card/labels.ts';
import css from './contact-form.css' with { type: 'text' };

// The "Kontakt austauschen" form: a chunk of its own, loaded when the visitor presses the button
// (contact-exchange.tsx). Plain DOM on purpose: it imports nothing the page's entry imports (no
// preact, no shared module), so the chunk graph of a first visit stays exactly as it was and
// the form costs one request when it is opened. No zod and no API client: a few checks in the
// card's language before sending, the server's field messages after. `homepage` is the honeypot
// (hidden from people and screen readers; bots fill it in and the server keeps nothing).

export interface ContactFormProps {
  cardId: string;
  lang: CardLang;
  /** The card holder's name and company as the card shows them. */
  holder: string;
  company: string | undefined;
  /** The company's Datenschutz page (profile), linked from the consent. */
  privacyHref: string | undefined;
  onClose: () => void;
}

type Field = 'name' | 'email' | 'phone' | 'company' | 'message' | 'consent';

let injected = false;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

/** Draws the form into `host`; answers a function that removes it. */
export function mountContactForm(host: HTMLElement, p: ContactFormProps): () => void {
  if (!injected) {
    injected = true;
    document.head.append(el('style', {}, css as string));
  }
  const t = contactFormTexts[p.lang];
  const form = el('form', { class: 'cx', novalidate: '', 'aria-labelledby': 'cx-title' });
  const heading = el('h2', { id: 'cx-title', tabindex: '-1' }, t.title);
  const errors = new Map<Field, HTMLElement>();
  const controls = new Map<Field, HTMLInputElement | HTMLTextAreaElement>();

  const field = (name: Exclude<Field, 'consent'>, type: string, autocomplete: string, max: number, required = false) => {
    const control = name === 'message'
      ? el('textarea', { id: `cx-${name}`, name, rows: '4', maxlength: String(max) })
      : el('input', { id: `cx-${name}`, name, type, autocomplete, maxlength: String(max) });
    const error = el('p', { id: `cx-${name}-error`, class: 'cx-error', hidden: '' });
    controls.set(name, control);
    errors.set(name, error);
    return el('div', { class: 'cx-field' }, el('label', { for: `cx-${name}` }, `${t[name]}${required ? ' *' : ''}`), control, error);
  };

  const consent = el('input', { id: 'cx-consent', name: 'consent', type: 'checkbox' });
  controls.set('consent', consent);
  const consentError = el('p', { id: 'cx-consent-error', class: 'cx-error', hidden: '' });
  errors.set('consent', consentError);
  const consentLabel = el('label', { for: 'cx-consent' }, t.consent([p.holder, p.company].filter(Boolean).join(', ')));
  if (p.privacyHref) consentLabel.append(' ', el('a', { href: p.privacyHref, target: '_blank', rel: 'noopener noreferrer' }, t.privacy));
  const honeypot = el('input', { id: 'cx-homepage', name: 'homepage', type: 'text', tabindex: '-1', autocomplete: 'off' });
  const problem = el('p', { role: 'alert', class: 'cx-problem' });
  const send = el('button', { type: 'submit', class: 'cx-primary' }, t.send);
  const cancel = el('button', { type: 'button', class: 'cx-secondary' }, t.cancel);

  form.append(
    heading,
    el('p', { class: 'cx-intro' }, t.intro(p.holder)),
    field('name', 'text', 'name', 200, true),
    field('email', 'email', 'email', 254),
    field('phone', 'tel', 'tel', 50),
    el('p', { class: 'cx-hint' }, t.reachHint),
    field('company', 'text', 'organization', 200),
    field('message', '', '', 2000),
    el('div', { class: 'cx-trap', 'aria-hidden': 'true' }, el('label', { for: 'cx-homepage' }, t.honeypot), honeypot),
    el('div', { class: 'cx-consent' }, consent, consentLabel),
    consentError,
    problem,
    el('div', { class: 'cx-buttons' }, send, cancel),
  );

  const showErrors = (found: Partial<Record<string, string>>) => {
    for (const [name, error] of errors) {
      const message = found[name];
      error.textContent = message ?? '';
      error.hidden = !message;
      const control = controls.get(name)!;
      if (message) {
        control.setAttribute('aria-invalid', 'true');
        control.setAttribute('aria-describedby', error.id);
      } else {
        control.removeAttribute('aria-invalid');
        control.removeAttribute('aria-describedby');
      }
    }
  };
  for (const [name, control] of controls) control.addEventListener('input', () => {
    const error = errors.get(name)!;
    if (!error.hidden) showErrors({ ...Object.fromEntries([...errors].filter(([n, e]) => n !== name && !e.hidden).map(([n, e]) => [n, e.textContent ?? ''])) });
  });

  const value = (name: Exclude<Field, 'consent'>) => controls.get(name)!.value.trim();
  const check = (): Partial<Record<Field, string>> => {
    const out: Partial<Record<Field, string>> = {};
    if (!value('name')) out.name = t.required;
    if (!value('email') && !value('phone')) out.email = t.emailOrPhone;
    else if (value('email') && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value('email'))) out.email = t.invalidEmail;
    if (!consent.checked) out.consent = t.consentMissing;
    return out;
  };

  const done = () => {
    form.replaceChildren(heading, el('p', { role: 'status' }, t.sent(p.holder)));
    const close = el('button', { type: 'button', class: 'cx-secondary' }, t.close);
    close.addEventListener('click', p.onClose);
    form.append(close);
    heading.focus();
  };

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const found = check();
    showErrors(found);
    problem.textContent = '';
    const first = Object.keys(found)[0] as Field | undefined;
    if (first) {
      controls.get(first)!.focus();
      return;
    }
    send.disabled = true;
    send.textContent = t.sending;
    const body = {
      name: value('name'), email: value('email'), phone: value('phone'), company: value('company'), message: value('message'),
      consent: true, homepage: honeypot.value,
    };
    void fetch(`/api/card/${encodeURIComponent(p.cardId)}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'omit',
      body: JSON.stringify(body),
    }).then(async (res) => {
      if (res.ok) return done();
      const answer = (await res.json().catch(() => ({}))) as { message?: string; fieldErrors?: Record<string, string> };
      // The WAF answers an address over its limit with 403.
      if (res.status === 429 || res.status === 403) problem.textContent = t.tooMany;
      else {
        if (answer.fieldErrors) showErrors(answer.fieldErrors);
        problem.textContent = answer.message ?? t.failed;
      }
    }, () => {
      problem.textContent = t.failed;
    }).finally(() => {
      send.disabled = false;
      send.textContent = t.send;
    });
  });
  cancel.addEventListener('click', p.onClose);

  host.replaceChildren(form);
  heading.focus();
  return () => form.remove();
}
