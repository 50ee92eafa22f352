import { NotFoundError } from '../../lib/errors.ts';
import { buildCsv } from '../../lib/csv.ts';
import { msg } from '../../../shared/messages.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { emailTypes } from '../../../shared/schemas/person.ts';
import { getCompanyItem } from '../companies/company-item.ts';
import { queryCompanyProfiles } from '../profiles/profile-item.ts';
import type { ProfileItem } from '../profiles/profile-item.ts';
import { listPersonsOfCompany } from './list-persons.ts';
import type { PersonItem } from './person-item.ts';

const h = msg.person.csv;
const header = [
  h.lastname, h.firstname, h.nice, h.position, h.profile, h.firmenname, h.org, h.telWork, h.telCell,
  ...emailTypes.map((_, i) => h.email(i + 1)), h.url,
  ...Object.values(msg.person.socialTypes),
  h.strasse, h.plz, h.ort, h.bundesland, h.land, h.active, h.createdOn, h.id,
];

type Address = { adresseId: string; straße?: string; plz?: string; ort?: string; bundesland?: string; land?: string };

function row(p: PersonItem, profile: Pick<ProfileItem, 'profilname' | 'adressen'> | undefined): string[] {
  const tel = (type: string) => p.tel.find((t) => t.type === type)?.value ?? '';
  const social = (type: string) => p.social.find((s) => s.type === type)?.link ?? '';
  const address = ((profile?.adressen ?? []) as Address[]).find((a) => a.adresseId === p.adresseId);
  return [
    p.lastname, p.firstname, p.nice ?? '', p.position ?? '', profile?.profilname ?? '', p.firmenname ?? '', p.org ?? '',
    tel('work'), tel('cell'),
    ...emailTypes.map((type) => p.email.find((e) => e.type === type)?.value ?? ''),
    p.url ?? '',
    ...Object.keys(msg.person.socialTypes).map(social),
    address?.straße ?? '', address?.plz ?? '', address?.ort ?? '', address?.bundesland ?? '', address?.land ?? '',
    p.isActive ? h.yes : h.no,
    formatDateTime(p.createdOn, 'Europe/Berlin'),
    p.id,
  ];
}

/** `Muster GmbH & Co.` -> `muster-gmbh-co`; umlauts spelled out so the name works everywhere. */
function slug(text: string): string {
  const ascii = text.toLowerCase().replaceAll('ä', 'ae').replaceAll('ö', 'oe').replaceAll('ü', 'ue').replaceAll('ß', 'ss');
  return ascii.normalize('NFKD').replace(/\p{M}/gu, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'unternehmen';
}

/** The company's card holders as CSV, one row per card, sorted by last and first name. */
export async function exportPersons(o: { companyId: string }): Promise<{ filename: string; csv: string }> {
  const company = await getCompanyItem(o.companyId);
  if (!company) throw new NotFoundError(msg.person.errors.companyNotFound);
  const [persons, profiles] = await Promise.all([
    listPersonsOfCompany({ companyId: o.companyId }),
    queryCompanyProfiles<Pick<ProfileItem, 'id' | 'profilname' | 'adressen'>>({ companyId: o.companyId, projection: ['id', 'profilname', 'adressen'] }),
  ]);
  const byId = new Map(profiles.map((p) => [p.id, p]));
  const collator = new Intl.Collator('de', { sensitivity: 'base' });
  persons.sort((a, b) => collator.compare(a.lastname, b.lastname) || collator.compare(a.firstname, b.firstname));
  const date = new Date().toISOString().slice(0, 10);
  return {
    filename: `${h.filePrefix}-${slug(company.org)}-${date}.csv`,
    csv: buildCsv(header, persons.map((p) => row(p, byId.get(p.companyProfilId)))),
  };
}
