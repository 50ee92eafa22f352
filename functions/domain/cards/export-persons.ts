import { NotFoundError } from '../../lib/errors.ts';
import { exportFile, slug, today } from '../../lib/spreadsheet/export-file.ts';
import type { FileResult } from '../../lib/http.ts';
import type { Column, Row } from '../../lib/spreadsheet/table.ts';
import { personMessages } from '../../../shared/messages/person.ts';
import { emailTypes } from '../../../shared/schemas/person.ts';
import type { ExportFormat } from '../../../shared/schemas/export.ts';
import { getCompanyItem } from '../companies/company-item.ts';
import { queryCompanyProfiles } from '../profiles/profile-item.ts';
import type { ProfileItem } from '../profiles/profile-item.ts';
import { readPersonsOfCompany } from './list-persons.ts';
import type { PersonItem } from './person-item.ts';

const h = personMessages.csv;
const text = (header: string): Column => ({ header, type: 'text' });

/** The export's columns, also the import's own column names (shared/schemas/tools.ts) and the templates'. */
export const personColumns: readonly Column[] = [
  ...[h.lastname, h.firstname, h.nice, h.position, h.profile, h.firmenname, h.org, h.telWork, h.telCell].map(text),
  ...emailTypes.map((_, i) => text(h.email(i + 1))), text(h.url),
  ...Object.values(personMessages.socialTypes).map(text),
  ...[h.strasse, h.plz, h.ort, h.bundesland, h.land, h.active].map(text),
  { header: h.createdOn, type: 'date' },
  text(h.id),
];

type Address = { adresseId: string; straße?: string; plz?: string; ort?: string; bundesland?: string; land?: string };

/** What a row needs of a card: read only these (a 10,000-card export reads less). */
const attributes = [
  'companyProfilId', 'adresseId', 'nice', 'firstname', 'lastname', 'position', 'firmenname', 'org', 'url', 'tel', 'email', 'social', 'isActive', 'createdOn',
] as const satisfies readonly (keyof PersonItem)[];
type Card = Pick<PersonItem, (typeof attributes)[number] | 'id'>;

function row(p: Card, profile: Pick<ProfileItem, 'profilname' | 'adressen'> | undefined): Row {
  const tel = (type: string) => (p.tel ?? []).find((t) => t.type === type)?.value;
  const social = (type: string) => (p.social ?? []).find((s) => s.type === type)?.link;
  const address = ((profile?.adressen ?? []) as Address[]).find((a) => a.adresseId === p.adresseId);
  return [
    p.lastname, p.firstname, p.nice, p.position, profile?.profilname, p.firmenname, p.org,
    tel('work'), tel('cell'),
    ...emailTypes.map((type) => (p.email ?? []).find((e) => e.type === type)?.value),
    p.url,
    ...Object.keys(personMessages.socialTypes).map(social),
    address?.straße, address?.plz, address?.ort, address?.bundesland, address?.land,
    p.isActive ? h.yes : h.no,
    p.createdOn,
    p.id,
  ];
}

/** The company's card holders as CSV or XLSX, one row per card, sorted by last and first name. */
export async function exportPersons(o: { companyId: string; format: ExportFormat }): Promise<FileResult> {
  const company = await getCompanyItem(o.companyId);
  if (!company) throw new NotFoundError(personMessages.errors.companyNotFound);
  const [persons, profiles] = await Promise.all([
    readPersonsOfCompany({ companyId: o.companyId, attributes }),
    queryCompanyProfiles<Pick<ProfileItem, 'id' | 'profilname' | 'adressen'>>({ companyId: o.companyId, projection: ['id', 'profilname', 'adressen'] }),
  ]);
  const byId = new Map(profiles.map((p) => [p.id, p]));
  const collator = new Intl.Collator('de', { sensitivity: 'base' });
  persons.sort((a, b) => collator.compare(a.lastname, b.lastname) || collator.compare(a.firstname, b.firstname));
  // A generator: each row exists while it is written (measured and written, so iterable twice).
  const rows = { *[Symbol.iterator]() { for (const p of persons) yield row(p, byId.get(p.companyProfilId)); } };
  return exportFile({
    table: { sheetName: h.sheet, columns: personColumns, rows },
    format: o.format,
    baseName: `${h.filePrefix}-${slug(company.org)}-${today()}`,
  });
}
