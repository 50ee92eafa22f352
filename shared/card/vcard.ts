import type { CardContent } from './content.ts';

// 'Kontakt speichern': the card as a vCard 3.0 (RFC 2426), built from the one card model so it
// shows what the card shows. Pure (no Node APIs): the server sends it, a test parses it.

export interface VcardPhoto {
  /** The image bytes, base64 (no line breaks). */
  base64: string;
  type: 'JPEG' | 'PNG';
}

/** Most octets on one physical line, CRLF not counted (RFC 2426 §2.6 / RFC 2425 §5.8.1). */
export const VCARD_LINE_OCTETS = 75;

/** Escapes a text value (RFC 2426 §4): backslash, comma, semicolon and line breaks. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r\n|\r|\n/g, '\\n');
}

/** A structured value (N, ADR, ORG): components joined by `;`, each escaped. */
function structured(parts: (string | undefined)[]): string {
  return parts.map((p) => escapeText(p ?? '')).join(';');
}

const encoder = new TextEncoder();

/**
 * Folds one content line at 75 octets: continuation lines start with a space and hold at most 74
 * octets after it. A UTF-8 character is never split across lines.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let size = 0;
  let limit = VCARD_LINE_OCTETS;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    if (size + n > limit) {
      out.push(current);
      current = ' ';
      size = 1;
      limit = VCARD_LINE_OCTETS;
    }
    current += ch;
    size += n;
  }
  out.push(current);
  return out.join('\r\n');
}

/** URIs are not escaped as text, but a line break would end the property: drop control characters. */
const uri = (v: string) => v.replace(/[\u0000-\u001f\u007f]/g, '');

/** Name of the vCard file without extension: 'Vorname-Nachname' (spaces become dashes; no path characters, no leading dot). */
export function cardFileStem(content: Pick<CardContent, 'firstname' | 'lastname'>, fallback: string): string {
  const stem = [content.firstname, content.lastname].filter(Boolean).join('-').replace(/\s+/g, '-')
    .replace(/[\u0000-\u001f\u007f"\\/:*?<>|]/g, '').replace(/^\.+/, '');
  return stem || fallback;
}

/** The card as vCard 3.0 text: UTF-8, CRLF line ends, folded lines. */
export function buildVcard(content: CardContent, o: { photo?: VcardPhoto | undefined; cardUrl?: string | undefined } = {}): string {
  const lines: string[] = ['BEGIN:VCARD', 'VERSION:3.0'];
  lines.push(`N:${structured([content.lastname, content.firstname, '', content.prefix, ''])}`);
  lines.push(`FN:${escapeText(content.name || content.company || '')}`);
  if (content.company) lines.push(`ORG:${structured([content.company])}`);
  if (content.position) lines.push(`TITLE:${escapeText(content.position)}`);
  for (const tel of content.phones) {
    if (!tel.href) continue;
    lines.push(`TEL;TYPE=${tel.type === 'cell' ? 'CELL' : 'WORK'},VOICE:${escapeText(tel.text)}`);
  }
  content.emails.forEach((mail, i) => {
    if (!mail.href) return;
    lines.push(`EMAIL;TYPE=INTERNET,WORK${i === 0 ? ',PREF' : ''}:${escapeText(mail.text)}`);
  });
  const a = content.addressParts;
  if (a && (a.street || a.plz || a.ort || a.bundesland || a.land)) {
    // ADR: post office box; extended address; street; locality; region; postal code; country.
    lines.push(`ADR;TYPE=WORK:${structured(['', '', a.street, a.ort, a.bundesland, a.plz, a.land])}`);
  }
  if (content.web?.href) lines.push(`URL;TYPE=WORK:${uri(content.web.href)}`);
  content.socials.forEach((social, i) => {
    // Each network once (issue 23): a URL with its network as label. Apple's and Google's contacts
    // both read the grouped label (`itemN.X-ABLabel`), so the link is neither lost nor doubled.
    lines.push(`item${i + 1}.URL:${uri(social.href)}`);
    lines.push(`item${i + 1}.X-ABLabel:${escapeText(social.label)}`);
  });
  if (o.cardUrl) lines.push(`SOURCE:${uri(o.cardUrl)}`);
  if (o.photo) lines.push(`PHOTO;ENCODING=b;TYPE=${o.photo.type}:${o.photo.base64}`);
  lines.push('END:VCARD');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
