import { randomUUID } from 'node:crypto';
import { tableName } from '../../lib/db.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { personMessages } from '../../../shared/messages/person.ts';
import type { Person, PersonInput } from '../../../shared/schemas/person.ts';
import { companyCounterUpdate, profileCounterUpdate } from './card-counters.ts';
import { runGuarded, scopeSteps } from '../../lib/guarded-transaction.ts';
import type { GuardedItem } from '../../lib/guarded-transaction.ts';
import { personRecord } from './person-item.ts';
import type { PersonItem } from './person-item.ts';
import { activationCharge, activationEntryStep, chargeFailure } from '../credits/activation-charge.ts';
import { matchIndexSteps, matchKeyHash } from './match-index.ts';

/** TransactWriteItems takes at most 100 items. */
export const MAX_TRANSACTION_ITEMS = 100;

/** Items a group of new cards writes: per card its item, its match entry and its charge; once the company; once per profile. */
export function groupItemCount(inputs: readonly Pick<PersonInput, 'companyProfilId' | 'isActive'>[]): number {
  const perCard = inputs.reduce((n, i) => n + 2 + (i.isActive ? 1 : 0), 0);
  return perCard + 1 + new Set(inputs.map((i) => i.companyProfilId)).size;
}

/**
 * New cards of ONE company written together in one transaction (the import's fast path): the
 * cards, their match index entries and activation charges, the company's counters and balance
 * once for all of them, each profile's counter once. All or nothing: if anything fails (a balance
 * too small for all of them, a profile gone), nothing is written and the error is the one the
 * single-card path would give. Cards of the group must have different match keys and profiles
 * the caller has checked (as createPerson's `checkedProfile`), and need no upload ownership
 * (the import carries no images).
 */
export async function createPersons(o: { auth: AuthUser; companyId: string; inputs: readonly PersonInput[] }): Promise<Person[]> {
  const now = new Date().toISOString();
  const items: PersonItem[] = o.inputs.map((input) => ({
    ...input, id: randomUUID(), companyId: o.companyId, createdOn: now, version: 1, createdAt: now, updatedAt: now,
    ...(input.isActive ? { activatedAt: now } : {}),
  }));
  if (new Set(items.map((i) => matchKeyHash(i))).size !== items.length) throw new Error('createPersons: two cards of one group share a match key');
  if (items.some((i) => i.image || i.imageWallet)) throw new Error('createPersons: images need the single-card path');
  const profileGone = () => new NotFoundError(personMessages.errors.profileNotFound);
  const charges = items.flatMap((item) => (item.isActive ? [activationCharge({ auth: o.auth, companyId: o.companyId, card: { ...item, activatedAt: undefined }, now })] : []));
  const cost = charges.reduce((n, c) => n + c.cost, 0);
  const perProfile = new Map<string, number>();
  for (const item of items) perProfile.set(item.companyProfilId, (perProfile.get(item.companyProfilId) ?? 0) + 1);
  const steps: GuardedItem[] = [
    ...scopeSteps(o.auth, o.companyId, personMessages.errors.profileNotFound),
    ...items.map((item): GuardedItem => ({
      item: { Put: { TableName: tableName(), Item: personRecord(item), ConditionExpression: 'attribute_not_exists(pk)' } },
      onFail: () => new Error('person id collision'),
    })),
    {
      item: companyCounterUpdate(o.companyId, items.length, items.filter((i) => i.isActive).length, cost),
      onFail: () => (cost ? chargeFailure(o.companyId, cost, profileGone) : profileGone()),
    },
    ...charges.map(activationEntryStep),
    ...[...perProfile].map(([profileId, n]): GuardedItem => ({ item: profileCounterUpdate(profileId, o.companyId, n), onFail: profileGone })),
    ...items.flatMap((item) => matchIndexSteps(o.companyId, item.id, undefined, item)),
  ];
  await runGuarded(steps);
  return items;
}
