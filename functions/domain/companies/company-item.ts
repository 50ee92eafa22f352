import { GetCommand } from '../../lib/dynamo.ts';
import { db, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';

/** A company as stored (spec §3 CardCompany plus counters and credits). */
export interface CompanyItem {
  id: string;
  org: string;
  lang: string;
  display: { statistik: boolean };
  /** Credit balance; changed only together with a credit history entry. */
  credits: number;
  /** Card counters; changed only in the same transaction as the person change. */
  cardCountTotal: number;
  cardCountActive: number;
  /** Assigned users: a string set, kept in step with each user's `companyIds`. */
  userIds?: Set<string>;
  /** Number of profiles; changed in the same transaction as a profile create or delete. */
  profileCount?: number;
  /** Set when a delete has started: no new owned items may be written from then on. */
  deleting?: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export async function getCompanyItem(companyId: string): Promise<CompanyItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.company(companyId) }));
  return out.Item as CompanyItem | undefined;
}

/** The stored form: the item with its key and its place in the admin list (sorted by org). */
export function companyRecord(c: CompanyItem): Record<string, unknown> {
  return { ...keys.company(c.id), ...keys.companyListEntry(c.org.toLowerCase(), c.id), type: 'company', ...c };
}
