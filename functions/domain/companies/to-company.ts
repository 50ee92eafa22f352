import type { Company, CompanyUser } from '../../../shared/schemas/company.ts';
import { DEFAULT_CONTACT_RETENTION_MONTHS } from '../../../shared/schemas/contact.ts';
import type { CompanyItem } from './company-item.ts';
import { loadCompanyUsers } from './company-users.ts';

function toCompany(c: CompanyItem, users: Map<string, CompanyUser>): Company {
  return {
    id: c.id,
    org: c.org,
    lang: c.lang,
    credits: c.credits ?? 0,
    users: [...(c.userIds ?? [])].flatMap((id) => users.get(id) ?? []).sort((a, b) => a.username.localeCompare(b.username, 'de')),
    display: { statistik: c.display?.statistik ?? true },
    contactRetentionMonths: c.contactRetentionMonths ?? DEFAULT_CONTACT_RETENTION_MONTHS,
    cardCountTotal: c.cardCountTotal ?? 0,
    cardCountActive: c.cardCountActive ?? 0,
    profileCount: c.profileCount ?? 0,
    version: c.version,
    createdAt: c.createdAt,
  };
}

/** Companies as the API returns them: `users` is read from the assigned user ids in one batch. */
export async function toCompanies(items: CompanyItem[], knownUsers?: Map<string, CompanyUser>): Promise<Company[]> {
  const users = knownUsers ?? (await loadCompanyUsers(items.flatMap((c) => [...(c.userIds ?? [])])));
  return items.map((c) => toCompany(c, users));
}

export async function toCompanyOutput(item: CompanyItem, knownUsers?: Map<string, CompanyUser>): Promise<Company> {
  return (await toCompanies([item], knownUsers))[0]!;
}

/** German alphabetical order of org, as every company list shows it. */
export function byOrg(a: { org: string }, b: { org: string }): number {
  return a.org.localeCompare(b.org, 'de', { sensitivity: 'base' });
}
