import type { CardContent } from './content.ts';
import type { CardPalette } from './contrast.ts';
import { publicCardUrl } from './public-url.ts';
import { variantUrl } from '../images.ts';

// The e-mail signature of a card (issue 28): HTML that pastes cleanly into Outlook, Gmail and
// Apple Mail, and the same as plain text. Built only from tables and inline styles: no script,
// no <style>, no class, no web font (Arial/Helvetica), images as absolute URLs of our CDN in the
// stored JPEG/PNG widths at fixed sizes (Outlook shows no WebP/AVIF and ignores CSS sizes), every
// value the user typed escaped. Links: the card itself and 'Kontakt speichern' (its vCard).

export interface SignatureInput {
  cardId: string;
  /** Where the public cards and images are reached (PUBLIC_BASE_URL). */
  baseUrl: string;
  content: CardContent;
  palette: Pick<CardPalette, 'accent'>;
}

export interface Signature {
  html: string;
  text: string;
}

/** Fixed sizes (CSS pixels) the images are drawn at; the files are the stored widths at twice that. */
export const signatureImages = {
  photo: { width: 96, height: 71, variantWidth: 320 },
  logo: { height: 40, maxWidth: 160, ratio: 1.35, variantWidth: 320 },
} as const;

const FONT = 'Arial, Helvetica, sans-serif';
const TEXT = '#1d2530';
const MUTED = '#5b6472';

/** Text for HTML content and attribute values (both quote kinds). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const texts = {
  de: { card: 'Digitale Visitenkarte', save: 'Kontakt speichern', phone: 'Tel.', cell: 'Mobil', email: 'E-Mail', web: 'Web' },
  en: { card: 'Digital business card', save: 'Save contact', phone: 'Phone', cell: 'Mobile', email: 'Email', web: 'Web' },
};

export function buildSignature(o: SignatureInput): Signature {
  const c = o.content;
  const t = texts[c.lang] ?? texts.de;
  const base = o.baseUrl.replace(/\/+$/, '');
  const cardUrl = publicCardUrl(base, o.cardId);
  const vcardUrl = `${base}/api/card/${encodeURIComponent(o.cardId)}/vcard`;
  const accent = /^#[0-9a-fA-F]{6}$/.test(o.palette.accent) ? o.palette.accent : TEXT;
  const e = escapeHtml;
  const link = (href: string, label: string, style = `color:${TEXT};text-decoration:none`) => `<a href="${e(href)}" style="${style}">${e(label)}</a>`;
  const row = (html: string, style = '') => `<tr><td style="font-family:${FONT};font-size:13px;line-height:18px;color:${TEXT};${style}">${html}</td></tr>`;

  const lines: string[] = [];
  lines.push(row(`<strong style="font-size:16px;line-height:22px;color:${accent}">${e(c.name)}</strong>`));
  if (c.position) lines.push(row(e(c.position), `color:${MUTED}`));
  if (c.company) lines.push(row(`<strong>${e(c.company)}</strong>`));
  const contact = [
    ...c.phones.filter((p) => p.href).map((p) => `${e(p.type === 'cell' ? t.cell : t.phone)} ${link(p.href!, p.text)}`),
    ...c.emails.filter((m) => m.href).slice(0, 1).map((m) => `${e(t.email)} ${link(m.href!, m.text)}`),
    ...(c.web?.href ? [`${e(t.web)} ${link(c.web.href, c.web.text)}`] : []),
  ];
  if (contact.length) lines.push(row(contact.join('<br>'), 'padding-top:6px'));
  if (c.address.length) lines.push(row(c.address.map(e).join(', '), `color:${MUTED}`));
  const linkStyle = `color:${accent};font-weight:bold;text-decoration:underline`;
  lines.push(row(`${link(cardUrl, t.card, linkStyle)}&nbsp;&nbsp;|&nbsp;&nbsp;${link(vcardUrl, t.save, linkStyle)}`, 'padding-top:8px'));
  if (c.logoFile) {
    const l = signatureImages.logo;
    const width = Math.round(l.height * l.ratio);
    const src = `${base}${variantUrl('logo', c.logoFile, { width: l.variantWidth })}`;
    lines.push(row(`<img src="${e(src)}" width="${width}" height="${l.height}" alt="${e(c.company ?? c.labels.logo)}" style="display:block;border:0;width:${width}px;height:${l.height}px">`, 'padding-top:10px'));
  }

  const photo = c.photoFile
    ? (() => {
        const p = signatureImages.photo;
        const src = `${base}${variantUrl('image', c.photoFile, { width: p.variantWidth })}`;
        return `<td width="${p.width + 16}" style="padding:0 16px 0 0;vertical-align:top"><img src="${e(src)}" width="${p.width}" height="${p.height}" alt="${e(c.labels.photoOf(c.name))}" style="display:block;border:0;width:${p.width}px;height:${p.height}px;border-radius:6px"></td>`;
      })()
    : '';
  const html = [
    `<table cellpadding="0" cellspacing="0" border="0" role="presentation" style="border-collapse:collapse;font-family:${FONT};color:${TEXT}">`,
    `<tr>${photo}<td style="vertical-align:top;border-left:3px solid ${accent};padding:0 0 0 14px">`,
    `<table cellpadding="0" cellspacing="0" border="0" role="presentation" style="border-collapse:collapse">${lines.join('')}</table>`,
    '</td></tr></table>',
  ].join('');

  const text = [
    '-- ',
    c.name,
    ...(c.position ? [c.position] : []),
    ...(c.company ? [c.company] : []),
    ...c.phones.filter((p) => p.href).map((p) => `${p.type === 'cell' ? t.cell : t.phone} ${p.text}`),
    ...c.emails.filter((m) => m.href).slice(0, 1).map((m) => `${t.email} ${m.text}`),
    ...(c.web?.href ? [`${t.web} ${c.web.href}`] : []),
    ...(c.address.length ? [c.address.join(', ')] : []),
    `${t.card}: ${cardUrl}`,
    `${t.save}: ${vcardUrl}`,
  ].join('\n');
  return { html, text };
}
