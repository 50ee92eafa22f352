import { tableName, transact } from '../../lib/db.ts';
import { env } from '../../lib/env.ts';
import { keys } from '../../lib/keys.ts';
import { log } from '../../lib/log.ts';
import { creditMessages } from '../../../shared/messages/credit.ts';
import { getCompanyItem } from '../companies/company-item.ts';
import type { CompanyItem } from '../companies/company-item.ts';
import { allCompanyPages } from './all-companies.ts';
import { SYSTEM_USER, balanceUpdate, berlinMonth, creditEntryPut, newCreditEntry } from './credit-entry.ts';
import { recordAudit } from '../audit/record-audit.ts';

export type MonthlyOutcome = 'booked' | 'alreadyBooked' | 'noActiveCards';

export interface MonthlyResult {
  month: string;
  perCard: number;
  booked: number;
  alreadyBooked: number;
  noActiveCards: number;
  failed: number;
}

/** The balance fell below what we meant to book between our read and our write: read again this many times. */
const ATTEMPTS = 8;

/**
 * Books one company's fee for `month`: `perCard` × active cards, at most what the balance holds
 * (it never drops below 0; the entry's infotext says when less was booked than due). The marker
 * item, the balance and the entry are one transaction, and the marker may not exist yet: a
 * second run, even in parallel, books nothing.
 */
export async function bookMonthlyForCompany(o: { company: CompanyItem; month: string; perCard: number }): Promise<MonthlyOutcome> {
  let company: CompanyItem | undefined = o.company;
  for (let attempt = 1; ; attempt++) {
    if (!company || company.deleting) return 'noActiveCards';
    const active = company.cardCountActive ?? 0;
    if (active <= 0) return 'noActiveCards';
    const balance = Math.max(0, company.credits ?? 0);
    const due = active * o.perCard;
    const booked = Math.min(due, balance);
    const entry = newCreditEntry({
      companyId: company.id,
      credits: -booked,
      infotext: creditMessages.infotext.monthly(o.month, active, o.perCard) + (booked < due ? creditMessages.infotext.monthlyShort(due, booked) : ''),
      createdBy: SYSTEM_USER,
      kind: 'monthly',
    });
    let outcome: 'alreadyBooked' | 'changed' | undefined;
    try {
      await transact([
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.creditMonthlyMarker(company.id, o.month), ...keys.ownedCreditMonthlyMarker(company.id, o.month), type: 'creditMonthlyMarker', entryId: entry.id, createdAt: entry.createdAt },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        // The balance must still cover what we book (a charge may have landed since we read it).
        balanceUpdate(company.id, -booked, booked),
        creditEntryPut(entry),
      ], (index) => {
        outcome = index === 0 ? 'alreadyBooked' : 'changed';
        return new Error(outcome);
      });
      await recordAudit({ actor: { system: true }, changes: [{ action: 'credit', objectType: 'credit', objectId: entry.id, companyId: company.id, fields: ['credits'], detail: { credits: -booked, kind: 'monthly' } }] });
      return 'booked';
    } catch (err) {
      if (outcome === 'alreadyBooked') return 'alreadyBooked';
      if (outcome !== 'changed' || attempt >= ATTEMPTS) throw err;
    }
    company = await getCompanyItem(o.company.id);
  }
}

/**
 * The monthly job (EventBridge in AWS, `npm run credits:monthly` locally): books every company's
 * fee for the current month in Europe/Berlin. `MONTHLY_CREDITS_PER_CARD=0` turns it off. One
 * company's failure is logged and does not stop the others; running again finishes the rest.
 */
export async function bookMonthlyCredits(o: { month?: string; perCard?: number; now?: Date } = {}): Promise<MonthlyResult> {
  const perCard = o.perCard ?? env().MONTHLY_CREDITS_PER_CARD;
  const month = o.month ?? berlinMonth(o.now ?? new Date());
  const result: MonthlyResult = { month, perCard, booked: 0, alreadyBooked: 0, noActiveCards: 0, failed: 0 };
  if (perCard <= 0) return result;
  for await (const page of allCompanyPages()) {
    for (const company of page) {
      try {
        result[await bookMonthlyForCompany({ company, month, perCard })] += 1;
      } catch (err) {
        result.failed += 1;
        log('error', 'monthly credits not booked for company; run the job again to retry', { companyId: company.id, month, error: String(err) });
      }
    }
  }
  return result;
}
