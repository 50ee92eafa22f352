import { transact } from './db.ts';
import type { TransactItem } from './db.ts';
import { NotFoundError } from './errors.ts';
import { companyScopeCheck } from './permissions.ts';
import type { AuthUser } from './auth/session.ts';

/** One write of a transaction and the error to raise when its condition fails (it may look things up first). */
export interface GuardedItem {
  item: TransactItem;
  onFail: () => Error | Promise<Error>;
}

export function runGuarded(steps: GuardedItem[]): Promise<void> {
  return transact(steps.map((s) => s.item), (index) => steps[index]!.onFail());
}

/** The caller must still be assigned to the company when the write happens; if not, it looks missing. */
export function scopeSteps(auth: AuthUser, companyId: string, notFoundMessage: string): GuardedItem[] {
  return companyScopeCheck(auth, companyId).map((item) => ({ item, onFail: () => new NotFoundError(notFoundMessage) }));
}
