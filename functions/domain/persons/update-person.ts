import { tableName } from '../../lib/db.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { msg } from '../../../shared/messages.ts';
import type { Person, PersonInput } from '../../../shared/schemas/person.ts';
import { cardProfile } from './card-profile.ts';
import { companyCounterUpdate, profileCounterUpdate } from './card-counters.ts';
import { runGuarded, scopeSteps } from '../../lib/guarded-transaction.ts';
import type { GuardedItem } from '../../lib/guarded-transaction.ts';
import { newlyChosenFiles, uploadOwnershipSteps } from '../uploads/upload-ownership.ts';
import { getPersonItem, personRecord } from './person-item.ts';
import type { PersonItem } from './person-item.ts';

export interface UpdatePersonOptions {
  auth: AuthUser;
  personId: string;
  /** The whole card as the form holds it; `isActive` absent keeps the current state. */
  input: Omit<PersonInput, 'isActive'> & { isActive?: boolean | undefined };
  /** The version the client last read. */
  version: number;
}

/**
 * Replaces a card's fields guarded by its version. A profile move or an (de)activation changes
 * the counters in the same transaction, so they never drift from the cards.
 */
export async function updatePerson(o: UpdatePersonOptions): Promise<Person> {
  const current = await getPersonItem(o.personId);
  requireCompanyAccess(o.auth, current?.companyId, msg.person.errors.notFound);
  if (current!.version !== o.version) throw new ConflictError();
  const cur = current!;

  const moved = o.input.companyProfilId !== cur.companyProfilId;
  if (moved || o.input.adresseId !== undefined) {
    const profile = await cardProfile({ auth: o.auth, profileId: o.input.companyProfilId, adresseId: o.input.adresseId });
    if (profile.companyId !== cur.companyId) {
      throw new ValidationError(msg.errors.invalidInput, { companyProfilId: msg.person.errors.profileOtherCompany });
    }
  }

  const { isActive, ...fields } = o.input;
  const next: PersonItem = {
    ...fields,
    id: cur.id,
    companyId: cur.companyId,
    createdOn: cur.createdOn,
    createdAt: cur.createdAt,
    isActive: isActive ?? cur.isActive,
    version: cur.version + 1,
    updatedAt: new Date().toISOString(),
  };
  const activeDelta = Number(next.isActive) - Number(cur.isActive);
  const profileGone = () => new NotFoundError(msg.person.errors.profileNotFound);

  const steps: GuardedItem[] = [
    ...scopeSteps(o.auth, cur.companyId, msg.person.errors.notFound),
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: personRecord(next),
          ConditionExpression: 'version = :v AND companyId = :cid',
          ExpressionAttributeValues: { ':v': cur.version, ':cid': cur.companyId },
        },
      },
      onFail: () => new ConflictError(),
    },
  ];
  if (activeDelta !== 0) steps.push({ item: companyCounterUpdate(cur.companyId, 0, activeDelta), onFail: () => new NotFoundError(msg.person.errors.notFound) });
  if (moved) {
    steps.push(
      { item: profileCounterUpdate(cur.companyProfilId, cur.companyId, -1), onFail: profileGone },
      { item: profileCounterUpdate(next.companyProfilId, cur.companyId, 1), onFail: profileGone },
    );
  }
  steps.push(...uploadOwnershipSteps(cur.companyId, newlyChosenFiles(['image', 'imageWallet'], cur, next)));
  await runGuarded(steps);
  return next;
}
