import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { runGuarded } from '../../lib/guarded-transaction.ts';
import { requireAdmin } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { creditMessages } from '../../../shared/messages/credit.ts';
import type { CreateCreditEntryData, CreditEntry } from '../../../shared/schemas/credit.ts';
import { getCompanyItem } from '../companies/company-item.ts';
import { balanceUpdate, creditEntryPut, newCreditEntry } from './credit-entry.ts';
import { noteChange } from '../audit/audit-scope.ts';

/**
 * An admin's manual entry: balance and history change in one transaction. A negative entry
 * requires the balance to cover it at the moment of the write (parallel charges included), so
 * the balance never drops below 0.
 */
export async function addCreditEntry(o: { auth: AuthUser; input: CreateCreditEntryData }): Promise<CreditEntry> {
  requireAdmin(o.auth);
  const entry = newCreditEntry({
    companyId: o.input.companyId,
    credits: o.input.credits,
    infotext: o.input.infotext,
    createdBy: o.auth.id,
    kind: 'manual',
  });
  const companyMissing = () => new NotFoundError(creditMessages.errors.companyNotFound);
  await runGuarded([
    {
      item: balanceUpdate(entry.companyId, entry.credits, entry.credits < 0 ? -entry.credits : undefined),
      onFail: async () => {
        const company = await getCompanyItem(entry.companyId);
        if (!company || company.deleting) return companyMissing();
        return new ConflictError(creditMessages.errors.belowZero(company.credits ?? 0), { credits: creditMessages.errors.belowZero(company.credits ?? 0) });
      },
    },
    { item: creditEntryPut(entry), onFail: () => new Error('credit entry id collision') },
  ]);
  noteChange({ action: 'credit', objectType: 'credit', objectId: entry.id, companyId: entry.companyId, fields: ['credits'], detail: { credits: entry.credits } });
  return { ...entry, createdByName: o.auth.username };
}
