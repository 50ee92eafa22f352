import { uploads } from '../../lib/storage/index.ts';
import { attachment } from '../../lib/content-disposition.ts';
import { fileResult } from '../../lib/http.ts';
import type { FileResult } from '../../lib/http.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { renderCsv } from '../../lib/spreadsheet/csv.ts';
import { slug, today } from '../../lib/spreadsheet/file-names.ts';
import { zip } from '../../lib/zip.ts';
import type { ZipEntry } from '../../lib/zip.ts';
import { privacyMessages } from '../../../shared/messages/privacy.ts';
import { vcardOf } from '../cards/card-vcard.ts';
import { registrationsOfPass, getGoogleObject } from '../wallet/pass-registrations.ts';
import { uploadStorageKey } from '../uploads/storage-keys.ts';
import { listAudit } from '../audit/list-audit.ts';
import { auditColumns, auditRow } from '../audit/audit-rows.ts';
import { noteChange } from '../audit/audit-scope.ts';
import type { AuditEntry } from '../../../shared/schemas/audit.ts';
import { cardImages, cardStatDays } from './card-holder-data.ts';
import { cardContacts } from './card-contacts.ts';
import { loadCardHolder } from './card-holder.ts';
import type { CardHolderKind } from './card-holder.ts';

const m = privacyMessages;

/** Internal keys and bookkeeping of the table, not data about the person. */
const strip = (item: object | undefined) => {
  if (!item) return undefined;
  const { pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, gsi2pk: _e, gsi2sk: _f, type: _g, ...rest } = item as Record<string, unknown>;
  return rest;
};

const extensionOf = (contentType: string, name: string) => name.includes('.') ? '' : contentType === 'image/png' ? '.png' : '.jpg';

/**
 * A card holder's data as one ZIP (DSGVO Art. 15): the card as stored (with what it belongs to:
 * profile and company, or the legacy company), its vCard, its images (the originals; the variants
 * are derived from them), its views and saves per day, its wallet registrations as counts (never
 * device ids or push tokens, which are the visitors' devices' data), the contacts visitors left,
 * and the card's audit entries. V2 cards for admins and users of the card's company, legacy
 * persons (`kind: 'legacy'`) for admins; recorded in the audit log.
 */
export async function exportPerson(o: { auth: AuthUser; personId: string; kind?: CardHolderKind }): Promise<FileResult> {
  const holder = await loadCardHolder({ auth: o.auth, personId: o.personId, kind: o.kind ?? 'card' });
  const p = holder.item;
  const context = await holder.context();

  const entries: ZipEntry[] = [];
  const name = `${p.firstname ?? ''} ${p.lastname ?? ''}`.trim() || holder.id;
  const createdAt = new Date().toISOString();
  entries.push({ name: 'LIESMICH.txt', data: m.export.readme({ name, createdAt }) });
  entries.push({ name: 'visitenkarte.json', data: JSON.stringify({ card: strip(p), ...context }, null, 2) });
  const source = await holder.source();
  if (source) {
    const { vcard } = await vcardOf(source);
    entries.push({ name: 'visitenkarte.vcf', data: vcard });
  }

  for (const file of cardImages(p)) {
    const stored = await uploads().get(uploadStorageKey(file));
    if (stored) entries.push({ name: `bilder/${file}${extensionOf(stored.contentType, file)}`, data: stored.body });
  }

  // Legacy cards' days are kept under the card id too (their rollup under the legacy company).
  const days = await cardStatDays(holder.id);
  const s = m.export.statistics;
  const statRows = days.map((d) => ({ date: d.sk, views: d.views ?? 0, saves: d.saves ?? 0, ...(d.taps !== undefined ? { taps: d.taps } : {}) }));
  entries.push({ name: 'statistik.json', data: JSON.stringify(statRows, null, 2) });
  entries.push({
    name: 'statistik.csv',
    data: renderCsv({ columns: [{ header: s.date, type: 'text' }, { header: s.views, type: 'number' }, { header: s.saves, type: 'number' }], rows: statRows.map((r) => [r.date, r.views, r.saves]) }),
  });

  const [regs, google] = await Promise.all([registrationsOfPass(holder.id), getGoogleObject(holder.id)]);
  entries.push({
    name: 'wallet.json',
    data: JSON.stringify({ appleWalletDevices: regs.length, googleWalletObject: Boolean(google) }, null, 2),
  });

  const contacts = await cardContacts(holder.id);
  if (contacts) entries.push({ name: 'kontakte.json', data: JSON.stringify(contacts.map(strip), null, 2) });

  const audit: AuditEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await listAudit({ auth: o.auth, filter: { objectId: holder.id, ...(o.auth.isAdmin ? {} : { companyId: holder.companyId }) }, limit: 200, cursor });
    audit.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  const a = m.audit.columns;
  entries.push({
    name: 'protokoll.csv',
    data: renderCsv({
      columns: [a.at, a.actor, a.role, a.action, a.objectType, a.objectId, a.company, a.fields, a.detail, a.route].map((header) => ({ header, type: header === a.at ? 'date' as const : 'text' as const })),
      rows: audit.map(auditRow),
    }),
  });

  noteChange({ action: 'export', objectType: holder.objectType, objectId: holder.id, companyId: holder.companyId, fields: [], detail: { files: entries.length } });
  const body = zip(entries);
  return fileResult('application/zip', body, {
    'content-disposition': attachment(`${m.export.filePrefix}-${slug(name)}-${today()}.zip`),
    'cache-control': 'no-store',
  });
}
