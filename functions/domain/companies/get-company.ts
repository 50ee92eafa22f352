import { NotFoundError } from '../../lib/errors.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { companyMessages } from '../../../shared/messages/company.ts';
import type { Company } from '../../../shared/schemas/company.ts';
import { getCompanyItem } from './company-item.ts';
import type { CompanyItem } from './company-item.ts';
import { toCompanyOutput } from './to-company.ts';

/** A company the caller may reach; another tenant's company answers 404 like a missing one. */
export async function getAccessibleCompanyItem(o: { auth: AuthUser; companyId: string }): Promise<CompanyItem> {
  requireCompanyAccess(o.auth, o.companyId, companyMessages.notFound);
  const item = await getCompanyItem(o.companyId);
  if (!item || item.deleting) throw new NotFoundError(companyMessages.notFound);
  return item;
}

export async function getCompany(o: { auth: AuthUser; companyId: string }): Promise<Company> {
  return toCompanyOutput(await getAccessibleCompanyItem(o));
}

export async function getCardCounts(o: { auth: AuthUser; companyId: string }) {
  const c = await getAccessibleCompanyItem(o);
  return { companyId: c.id, cardCountTotal: c.cardCountTotal ?? 0, cardCountActive: c.cardCountActive ?? 0 };
}
