import { NotFoundError } from '../../lib/errors.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
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
import { getPersonItem } from '../cards/person-item.ts';
import { getProfileItem } from '../profiles/profile-item.ts';
import { getCompanyItem } from '../companies/company-item.ts';
import { vcardOf } from '../cards/card-vcard.ts';
import { registrationsOfPass, getGoogleObject } from '../wallet/pass-registrations.ts';
import { uploadStorageKey } from '../uploads/storage-keys.ts';
import { listAudit } from '../audit/list-audit.ts';
import { auditColumns, auditRow } from '../audit/audit-rows.ts';
import { noteChange } from '../audit/audit-scope.ts';
import type { AuditEntry } from '../../../shared/schemas/audit.ts';
import { cardImages, cardStatDays } from './card-holder-data.ts';
import { cardContacts } from './card-contacts.ts';

const m = privacyMessages;

/** Internal keys and bookkeeping of the table, not data about the person. */
const strip = (item: object | undefined) => {
  if (!item) return undefined;
  const { pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, gsi2pk: _e, gsi2sk: _f, type: _g, ...rest } = item as Record<string, unknown>;
  return rest;
};

const extensionOf = (contentType: string, name: string) => name.includes('.') ? '' : contentType === 'image/png' ? '.png' : '.jpg';

/**
 * A card holder's data as one ZIP (DSGVO Art. 15): the card as stored (with the profile and
 * company it belongs to), its vCard, its images (the originals; the variants are derived from
 * them), its views and saves per day, its wallet registrations as counts (never device ids or push
 * tokens, which are the visitors' devices' data), the contacts visitors left, and the card's audit
 * entries. For admins and users of the card's company; recorded in the audit log.
 */
export async function exportPerson(o: { auth: AuthUser; personId: string }): Promise<FileResult> {
  const person = await getPersonItem(o.personId, { consistent: true });
  requireCompanyAccess(o.auth, person?.companyId, m.errors.cardNotFound);
  const p = person!;
  const [profile, company] = await Promise.all([getProfileItem(p.companyProfilId), getCompanyItem(p.companyId)]);
  if (!company) throw new NotFoundError(m.errors.cardNotFound);

  const entries: ZipEntry[] = [];
  const name = `${p.firstname ?? ''} ${p.lastname ?? ''}`.trim() || p.id;
  const createdAt = new Date().toISOString();
  entries.push({ name: 'LIESMICH.txt', data: m.export.readme({ name, createdAt }) });

  const card = strip(p)!;
  entries.push({
    name: 'visitenkarte.json',
    data: JSON.stringify({
      card,
      profile: profile ? { id: profile.id, profilname: profile.profilname, ...pickProfile(profile, p.adresseId) } : null,
      company: { id: company.id, org: company.org },
    }, null, 2),
  });
  if (profile) {
    const { vcard } = await vcardOf({ person: p, profile, company });
    entries.push({ name: 'visitenkarte.vcf', data: vcard });
  }

  for (const file of cardImages(p)) {
    const stored = await uploads().get(uploadStorageKey(file));
    if (stored) entries.push({ name: `bilder/${file}${extensionOf(stored.contentType, file)}`, data: stored.body });
  }

  const days = await cardStatDays(p.id);
  const s = m.export.statistics;
  const statRows = days.map((d) => ({ date: d.sk, views: d.views ?? 0, saves: d.saves ?? 0, ...(d.taps !== undefined ? { taps: d.taps } : {}) }));
  entries.push({ name: 'statistik.json', data: JSON.stringify(statRows, null, 2) });
  entries.push({
    name: 'statistik.csv',
    data: renderCsv({ columns: [{ header: s.date, type: 'text' }, { header: s.views, type: 'number' }, { header: s.saves, type: 'number' }], rows: statRows.map((r) => [r.date, r.views, r.saves]) }),
  });

  const [regs, google] = await Promise.all([registrationsOfPass(p.id), getGoogleObject(p.id)]);
  entries.push({
    name: 'wallet.json',
    data: JSON.stringify({ appleWalletDevices: regs.length, googleWalletObject: Boolean(google) }, null, 2),
  });

  const contacts = await cardContacts(p.id);
  if (contacts) entries.push({ name: 'kontakte.json', data: JSON.stringify(contacts.map(strip), null, 2) });

  const audit: AuditEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await listAudit({ auth: o.auth, filter: { objectId: p.id, ...(o.auth.isAdmin ? {} : { companyId: p.companyId }) }, limit: 200, cursor });
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

  noteChange({ action: 'export', objectType: 'person', objectId: p.id, companyId: p.companyId, fields: [], detail: { files: entries.length } });
  const body = zip(entries);
  return fileResult('application/zip', body, {
    'content-disposition': attachment(`${m.export.filePrefix}-${slug(name)}-${today()}.zip`),
    'cache-control': 'no-store',
  });
}

/** What of the profile the card shows: its display texts, links and the card's address. */
function pickProfile(profile: Record<string, unknown> & { adressen?: { adresseId: string }[] }, adresseId: string | undefined) {
  const { adressen, pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, gsi2pk: _e, gsi2sk: _f, type: _t, cardCount: _n, version: _v, companyId: _co, id: _id, profilname: _pn, ...rest } = profile as Record<string, unknown> & { adressen?: { adresseId: string }[] };
  return { ...rest, address: adressen?.find((x) => x.adresseId === adresseId) ?? null };
}
