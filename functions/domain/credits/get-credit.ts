import { env } from '../../lib/env.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { remainingMonths } from '../../../shared/schemas/credit.ts';
import type { CompanyCredit } from '../../../shared/schemas/credit.ts';
import { getAccessibleCompanyItem } from '../companies/get-company.ts';
import type { CompanyItem } from '../companies/company-item.ts';

export function toCompanyCredit(c: CompanyItem): CompanyCredit {
  const credits = c.credits ?? 0;
  const total = c.cardCountTotal ?? 0;
  const active = c.cardCountActive ?? 0;
  return {
    companyId: c.id,
    credits,
    cardCountTotal: total,
    cardCountActive: active,
    inactiveCards: total - active,
    remainingMonths: remainingMonths(credits, active),
    activationCost: env().CARD_ACTIVATION_CREDITS,
  };
}

/** The balance of a company the caller may reach; another tenant's answers 404. */
export async function getCredit(o: { auth: AuthUser; companyId: string }): Promise<CompanyCredit> {
  return toCompanyCredit(await getAccessibleCompanyItem(o));
}
