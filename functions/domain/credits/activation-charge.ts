import { ConflictError } from '../../lib/errors.ts';
import { env } from '../../lib/env.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import type { GuardedItem } from '../../lib/guarded-transaction.ts';
import { creditMessages } from '../../../shared/messages/credit.ts';
import { getCompanyItem } from '../companies/company-item.ts';
import { creditEntryPut, newCreditEntry } from './credit-entry.ts';
import type { CreditEntryItem } from './credit-entry.ts';

/**
 * What switching a card on costs and the history entry recording it. A card that was active
 * before (it carries `activatedAt`) was paid for already: its entry has credits 0, so it still
 * counts as an activation (spec §9) without charging twice.
 */
export interface ActivationCharge {
  /** Credits taken from the balance (0 for a card activated before). */
  cost: number;
  entry: CreditEntryItem;
}

export function activationCharge(o: {
  auth: AuthUser;
  companyId: string;
  card: { id: string; firstname: string; lastname: string; activatedAt?: string | undefined };
  now: string;
}): ActivationCharge {
  const paidBefore = Boolean(o.card.activatedAt);
  const cost = paidBefore ? 0 : env().CARD_ACTIVATION_CREDITS;
  const name = `${o.card.firstname} ${o.card.lastname}`.trim();
  return {
    cost,
    entry: newCreditEntry({
      companyId: o.companyId,
      credits: -cost,
      infotext: paidBefore ? creditMessages.infotext.reactivation(name) : creditMessages.infotext.activation(name),
      createdAt: o.now,
      createdBy: o.auth.id,
      cardId: o.card.id,
      kind: 'activation',
    }),
  };
}

export function activationEntryStep(charge: ActivationCharge): GuardedItem {
  return { item: creditEntryPut(charge.entry), onFail: () => new Error('credit entry id collision') };
}

/**
 * The error for a failed company update in a transaction that charges `cost`: a balance too
 * small answers 409 naming what is missing; a company gone answers `otherwise`.
 */
export async function chargeFailure(companyId: string, cost: number, otherwise: () => Error): Promise<Error> {
  const company = await getCompanyItem(companyId);
  if (!company || company.deleting) return otherwise();
  const balance = company.credits ?? 0;
  if (balance < cost) return new ConflictError(creditMessages.errors.notEnoughForActivation(cost - balance, cost));
  // Enough again by now (a booking landed in between): the user may simply retry.
  return new ConflictError(creditMessages.errors.changedMeanwhile);
}
