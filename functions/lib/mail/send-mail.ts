import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { env } from '../env.ts';
import { log } from '../log.ts';
import { composeMail } from './compose.ts';
import type { MailInput, Mailbox } from './compose.ts';

// Where e-mails go: Amazon SES in AWS (MAIL_FROM, a verified identity), a folder of .eml files
// locally (MAIL_DIR; `npm start` uses DATA_DIR/mail and says so). Neither configured: nothing is
// sent and one warning line says what to set.

export interface SentMail {
  /** `ses`, `file` (with its path) or `none` (not configured). */
  via: 'ses' | 'file' | 'none';
  file?: string;
}

/** The configured sender (MAIL_FROM, else `no-reply@localhost` for local files). */
export function mailSender(): Mailbox {
  const e = env();
  return { name: e.MAIL_FROM_NAME, address: e.MAIL_FROM ?? 'no-reply@localhost' };
}

let ses: Promise<(raw: Uint8Array, to: string) => Promise<void>> | undefined;

/** The SES client, loaded on first mail (the public contact route otherwise carries no SES code at start). */
function sesSender(): Promise<(raw: Uint8Array, to: string) => Promise<void>> {
  ses ??= import('@aws-sdk/client-sesv2').then(({ SESv2Client, SendEmailCommand }) => {
    const e = env();
    const client = new SESv2Client({ region: e.SES_REGION ?? e.AWS_REGION });
    return async (raw, to) => {
      await client.send(new SendEmailCommand({
        FromEmailAddress: e.MAIL_FROM,
        Destination: { ToAddresses: [to] },
        Content: { Raw: { Data: raw } },
      }));
    };
  });
  return ses;
}

export async function sendMail(m: Omit<MailInput, 'from'>): Promise<SentMail> {
  const e = env();
  const raw = composeMail({ ...m, from: mailSender() });
  if (e.MAIL_DIR) {
    await mkdir(e.MAIL_DIR, { recursive: true });
    const file = join(e.MAIL_DIR, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, raw);
    return { via: 'file', file };
  }
  if (e.MAIL_FROM) {
    await (await sesSender())(Buffer.from(raw, 'utf8'), m.to.address);
    return { via: 'ses' };
  }
  log('warn', 'e-mail not sent: set MAIL_FROM (AWS, an SES identity) or MAIL_DIR (local folder)', { subject: m.subject });
  return { via: 'none' };
}
