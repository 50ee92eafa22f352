import { randomUUID } from 'node:crypto';

// One plain-text e-mail as RFC 5322 bytes (with MIME, RFC 2045-2047), the same for Amazon SES
// (raw message) and the local .eml files. Written by hand because it is small: header fields in
// US-ASCII, non-ASCII words as RFC 2047 encoded-words (UTF-8, base64), the body UTF-8 in base64
// (76-character lines), CRLF line ends. Tests read it back with mailparser.

export interface Mailbox {
  /** Display name (any Unicode). */
  name?: string | undefined;
  address: string;
}

export interface MailInput {
  from: Mailbox;
  to: Mailbox;
  replyTo?: Mailbox | undefined;
  subject: string;
  text: string;
  date?: Date;
  /** Right-hand side of the Message-ID (the sender's domain). */
  messageIdDomain?: string;
}

const CRLF = '\r\n';

/** Printable ASCII without anything that would need quoting or encoding in a phrase. */
const ATEXT_PHRASE = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ .]*$/;

/**
 * RFC 2047 encoded-words (`=?UTF-8?B?...?=`), each at most 60 characters (RFC 2047 allows 75) and never splitting a
 * character's UTF-8 bytes, joined by folding white space.
 */
export function encodeWords(text: string): string {
  const words: string[] = [];
  let chunk = '';
  // 36 bytes of UTF-8 are 48 base64 characters, a word of 60: with a header's name before it
  // ("Reply-To: ") a line stays within RFC 5322's recommended 78 characters.
  const fits = (s: string) => Buffer.byteLength(s, 'utf8') <= 36;
  for (const ch of text) {
    if (!fits(chunk + ch)) {
      words.push(chunk);
      chunk = '';
    }
    chunk += ch;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w, 'utf8').toString('base64')}?=`).join(`${CRLF} `);
}

/** An unstructured header value (Subject): as it is when plain ASCII, else encoded-words. */
function unstructured(text: string): string {
  const oneLine = text.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(oneLine) && oneLine.length <= 900 ? oneLine : encodeWords(oneLine);
}

/** A mailbox for From/To/Reply-To: `"Name" <addr>` or `=?UTF-8?B?..?= <addr>`. */
export function formatMailbox(m: Mailbox): string {
  if (!/^[^\s<>"(),;:\\@]+@[^\s<>"(),;:\\@]+$/.test(m.address)) throw new Error(`Ungültige E-Mail-Adresse für den Kopf einer E-Mail: ${m.address}`);
  const name = m.name?.replace(/[\r\n]+/g, ' ').trim();
  if (!name) return `<${m.address}>`;
  if (ATEXT_PHRASE.test(name)) return `"${name}" <${m.address}>`;
  if (/^[\x20-\x7e]*$/.test(name)) return `"${name.replace(/(["\\])/g, '\\$1')}" <${m.address}>`;
  // Folded before the address, so no line gets long.
  return `${encodeWords(name)}${CRLF} <${m.address}>`;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** RFC 5322 date-time in UTC: `Tue, 03 Mar 2026 14:05:09 +0000`. */
export function mailDate(d: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${DAYS[d.getUTCDay()]}, ${two(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0000`;
}

/** The whole message: header fields, a blank line, the base64 body; lines end in CRLF. */
export function composeMail(m: MailInput): string {
  const domain = m.messageIdDomain ?? m.from.address.split('@')[1] ?? 'localhost';
  const body = Buffer.from(m.text.replace(/\r?\n/g, CRLF), 'utf8').toString('base64').replace(/.{76}/g, `$&${CRLF}`);
  const headers = [
    `From: ${formatMailbox(m.from)}`,
    `To: ${formatMailbox(m.to)}`,
    ...(m.replyTo ? [`Reply-To: ${formatMailbox(m.replyTo)}`] : []),
    `Subject: ${unstructured(m.subject)}`,
    `Date: ${mailDate(m.date ?? new Date())}`,
    `Message-ID: <${randomUUID()}@${domain}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    // An automatic notification: no out-of-office replies to it (RFC 3834).
    'Auto-Submitted: auto-generated',
  ];
  return `${headers.join(CRLF)}${CRLF}${CRLF}${body.replace(/(\r\n)?$/, CRLF)}`;
}
