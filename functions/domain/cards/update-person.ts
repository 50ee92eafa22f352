import { tableName } from '../../lib/db.ts';
import { versionedUpdate } from '../../lib/attribute-update.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { keys } from '../../lib/keys.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { commonMessages as msg } from '../../../shared/messages/common.ts';
import { personMessages } from '../../../shared/messages/person.ts';
import { scimMessages } from '../../../shared/messages/scim.ts';
import { updatePersonSchema } from '../../../shared/schemas/person.ts';
import type { Person, PersonInput } from '../../../shared/schemas/person.ts';
import { cardProfile } from './card-profile.ts';
import { companyCounterUpdate, profileCounterUpdate } from './card-counters.ts';
import { runGuarded, scopeSteps } from '../../lib/guarded-transaction.ts';
import type { GuardedItem } from '../../lib/guarded-transaction.ts';
import { newlyChosenFiles, uploadOwnershipSteps } from '../uploads/upload-ownership.ts';
import { getPersonItem } from './person-item.ts';
import { cardChangeStep } from './card-change.ts';
import { activationCharge, activationEntryStep, chargeFailure } from '../credits/activation-charge.ts';
import { matchIndexSteps } from './match-index.ts';
import { changesDirectoryFields } from '../scim/scim-card.ts';
import { pastImagesUpdate } from './past-images.ts';
import { noteChange } from '../audit/audit-scope.ts';

export interface UpdatePersonOptions {
  auth: AuthUser;
  personId: string;
  /** The whole card as the form holds it; `isActive` absent keeps the current state. */
  input: Omit<PersonInput, 'isActive'> & { isActive?: boolean | undefined };
  /** The version the client last read. */
  version: number;
  /** Directory sync (issue 26): attributes written with the card (undefined removes one) and steps of the same transaction. */
  extra?: Record<string, unknown>;
  extraSteps?: GuardedItem[];
}

/** What the card form edits (besides `isActive`, which may be left out). */
const formFields = Object.keys(updatePersonSchema.shape).filter((k) => k !== 'version' && k !== 'isActive') as (keyof Omit<PersonInput, 'isActive'>)[];

/**
 * Replaces the card's form fields guarded by its version: an UpdateItem that SETs them and
 * REMOVEs the ones left out, so attributes other features write to the card stay. A profile move
 * or an (de)activation changes the counters in the same transaction, so they never drift.
 */
export async function updatePerson(o: UpdatePersonOptions): Promise<Person> {
  const current = await getPersonItem(o.personId, { consistent: true });
  requireCompanyAccess(o.auth, current?.companyId, personMessages.errors.notFound);
  if (current!.version !== o.version) throw new ConflictError();
  const cur = current!;
  // A card the company's directory keeps: the back office may not change what the directory owns.
  if (cur.scim && !o.auth.directoryTokenHash) {
    const field = changesDirectoryFields(cur, { ...o.input, isActive: o.input.isActive ?? cur.isActive });
    if (field) throw new ValidationError(msg.errors.invalidInput, { [field]: scimMessages.directoryOwned });
  }

  const moved = o.input.companyProfilId !== cur.companyProfilId;
  // Only a newly chosen address is checked: one the profile has dropped since it was chosen must
  // not make the card impossible to save (the card then shows no address).
  const newAddress = o.input.adresseId !== undefined && o.input.adresseId !== cur.adresseId;
  if (moved || newAddress) {
    const profile = await cardProfile({ auth: o.auth, profileId: o.input.companyProfilId, adresseId: o.input.adresseId });
    if (profile.companyId !== cur.companyId) {
      throw new ValidationError(msg.errors.invalidInput, { companyProfilId: personMessages.errors.profileOtherCompany });
    }
  }

  const isActive = o.input.isActive ?? cur.isActive;
  const now = new Date().toISOString();
  // Switching on is an activation: charged (or booked at 0 when paid before) in this transaction.
  const charge = isActive && !cur.isActive
    ? activationCharge({ auth: o.auth, companyId: cur.companyId, card: { ...cur, firstname: o.input.firstname, lastname: o.input.lastname }, now })
    : undefined;
  const cost = charge?.cost ?? 0;
  const written: Record<string, unknown> = {
    ...Object.fromEntries(formFields.map((field) => [field, o.input[field]])),
    isActive,
    version: cur.version + 1,
    updatedAt: now,
    ...o.extra,
    ...(charge && !cur.activatedAt ? { activatedAt: now } : {}),
    // The card moves to the new profile's list.
    ...(moved ? keys.personListEntry(o.input.companyProfilId, cur.createdOn, cur.id) : {}),
  };
  // A replaced photo stays listed, so the holder's export and erasure find it.
  Object.assign(written, pastImagesUpdate(cur, o.input));
  const activeDelta = Number(isActive) - Number(cur.isActive);
  const profileGone = () => new NotFoundError(personMessages.errors.profileNotFound);

  const steps: GuardedItem[] = [
    ...scopeSteps(o.auth, cur.companyId, personMessages.errors.notFound),
    {
      item: versionedUpdate({
        tableName: tableName(), key: keys.person(cur.id), attributes: written, version: cur.version,
        condition: 'companyId = :cid', values: { ':cid': cur.companyId },
      }),
      onFail: () => new ConflictError(),
    },
  ];
  const companyGone = () => new NotFoundError(personMessages.errors.notFound);
  if (activeDelta !== 0) {
    steps.push({
      item: companyCounterUpdate(cur.companyId, 0, activeDelta, cost),
      onFail: () => (cost ? chargeFailure(cur.companyId, cost, companyGone) : companyGone()),
    });
  }
  if (charge) steps.push(activationEntryStep(charge));
  if (moved) {
    steps.push(
      { item: profileCounterUpdate(cur.companyProfilId, cur.companyId, -1), onFail: profileGone },
      { item: profileCounterUpdate(o.input.companyProfilId, cur.companyId, 1), onFail: profileGone },
    );
  }
  steps.push(...uploadOwnershipSteps(cur.companyId, newlyChosenFiles(['image', 'imageWallet'], cur, o.input)));
  steps.push(...matchIndexSteps(cur.companyId, cur.id, cur, o.input));
  steps.push(cardChangeStep({ scope: 'card', targetId: cur.id, companyId: cur.companyId }));
  steps.push(...(o.extraSteps ?? []));
  await runGuarded(steps);
  noteChange({
    action: activeDelta > 0 ? 'activate' : activeDelta < 0 ? 'deactivate' : 'update',
    objectType: 'person', objectId: cur.id, companyId: cur.companyId,
    before: cur, after: { ...cur, ...written },
    ...(charge ? { detail: { credits: -cost } } : {}),
  });
  const next = Object.entries({ ...cur, ...written }).filter(([, value]) => value !== undefined);
  return Object.fromEntries(next) as unknown as Person;
}
