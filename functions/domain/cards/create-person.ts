import { randomUUID } from 'node:crypto';
import { tableName } from '../../lib/db.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { personMessages } from '../../../shared/messages/person.ts';
import type { Person, PersonInput } from '../../../shared/schemas/person.ts';
import { cardProfile } from './card-profile.ts';
import { companyCounterUpdate, profileCounterUpdate } from './card-counters.ts';
import { runGuarded, scopeSteps } from '../../lib/guarded-transaction.ts';
import { cardChangeStep } from './card-change.ts';
import type { GuardedItem } from '../../lib/guarded-transaction.ts';
import { uploadOwnershipSteps } from '../uploads/upload-ownership.ts';
import { personRecord } from './person-item.ts';
import type { PersonItem } from './person-item.ts';
import { activationCharge, activationEntryStep, chargeFailure } from '../credits/activation-charge.ts';
import { matchIndexSteps } from './match-index.ts';
import { noteChange } from '../audit/audit-scope.ts';

/** The card, the company's counters and the profile's counter are written in one transaction. */
export async function createPerson(o: {
  auth: AuthUser;
  input: PersonInput;
  /**
   * The card's profile when the caller has read it and applied cardProfile's rules itself (the
   * import reads a company's profiles once per batch instead of once per card). The transaction
   * still fails if the profile is gone or belongs to another company.
   */
  checkedProfile?: { id: string; companyId: string };
  /** Directory sync (issue 26): the card's id chosen ahead, attributes stored with it and steps of the same transaction (its match keys). */
  id?: string;
  extra?: Record<string, unknown>;
  extraSteps?: GuardedItem[];
}): Promise<Person> {
  const profile = o.checkedProfile?.id === o.input.companyProfilId
    ? o.checkedProfile
    : await cardProfile({ auth: o.auth, profileId: o.input.companyProfilId, adresseId: o.input.adresseId });
  const now = new Date().toISOString();
  const item: PersonItem = {
    ...o.input,
    ...o.extra,
    id: o.id ?? randomUUID(),
    companyId: profile.companyId,
    createdOn: now,
    version: 1,
    createdAt: now,
    updatedAt: now,
    ...(o.input.isActive ? { activatedAt: now } : {}),
  };
  const profileGone = () => new NotFoundError(personMessages.errors.profileNotFound);
  // A card created active is an activation: charged in this transaction or not created at all.
  const charge = item.isActive ? activationCharge({ auth: o.auth, companyId: item.companyId, card: { ...item, activatedAt: undefined }, now }) : undefined;
  const cost = charge?.cost ?? 0;
  await runGuarded([
    ...scopeSteps(o.auth, item.companyId, personMessages.errors.profileNotFound),
    {
      item: { Put: { TableName: tableName(), Item: personRecord(item), ConditionExpression: 'attribute_not_exists(pk)' } },
      onFail: () => new Error('person id collision'),
    },
    {
      item: companyCounterUpdate(item.companyId, 1, item.isActive ? 1 : 0, cost),
      onFail: () => (cost ? chargeFailure(item.companyId, cost, profileGone) : profileGone()),
    },
    ...(charge ? [activationEntryStep(charge)] : []),
    { item: profileCounterUpdate(item.companyProfilId, item.companyId, 1), onFail: profileGone },
    ...uploadOwnershipSteps(item.companyId, { image: item.image, imageWallet: item.imageWallet }),
    ...matchIndexSteps(item.companyId, item.id, undefined, item),
    // The card-changed job builds and stores its Apple pass (nothing to invalidate or push yet).
    cardChangeStep({ scope: 'card', targetId: item.id, companyId: item.companyId, created: true }),
    ...(o.extraSteps ?? []),
  ]);
  noteChange({ action: 'create', objectType: 'person', objectId: item.id, companyId: item.companyId, before: undefined, after: item, ...(cost ? { detail: { credits: -cost } } : {}) });
  return item;
}
