import { DeleteCommand, UpdateCommand } from '../../lib/dynamo.ts';
import { batchDeleteAll, batchGetAll, db, isConditionFailure, queryAll, tableName } from '../../lib/db.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { keys } from '../../lib/keys.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import { runGuarded, scopeSteps } from '../../lib/guarded-transaction.ts';
import { uploads } from '../../lib/storage/index.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { commonMessages as msg } from '../../../shared/messages/common.ts';
import { privacyMessages } from '../../../shared/messages/privacy.ts';
import type { Erasure } from '../../../shared/schemas/audit.ts';
import { getPersonItem } from '../cards/person-item.ts';
import type { PersonItem } from '../cards/person-item.ts';
import { companyCounterUpdate, profileCounterUpdate } from '../cards/card-counters.ts';
import { matchIndexSteps, matchKeyHash } from '../cards/match-index.ts';
import { cardChangeStep } from '../cards/card-change.ts';
import { uploadCdnPaths, uploadStorageKey, variantStorageKeys } from '../uploads/storage-keys.ts';
import { deleteCardStatistics } from '../statistics/delete-card-statistics.ts';
import { getGoogleObject } from '../wallet/pass-registrations.ts';
import { noteChange } from '../audit/audit-scope.ts';
import { cardCreditEntries, cardImages, cardStatDays } from './card-holder-data.ts';
import { eraseCardContacts } from './card-contacts.ts';

const m = privacyMessages;

export interface ErasureRecord extends Erasure {
  type: 'erasure';
}

/** Every stored file of the upload (original and all variants), every version of each. */
async function purgeUpload(filename: string, companyId: string): Promise<{ files: number; record: boolean }> {
  const [record] = await batchGetAll<{ companyId?: string; storageKey?: string }>([keys.upload(filename)]);
  // An upload of another owner is never removed through this card (the card writes check ownership; this is a second guard).
  if (record && record.companyId !== companyId) return { files: 0, record: false };
  const storageKey = record?.storageKey ?? uploadStorageKey(filename);
  let files = 0;
  for (const key of [storageKey, ...variantStorageKeys(storageKey)]) files += await uploads().purge(key);
  if (record) await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.upload(filename) }));
  return { files, record: Boolean(record) };
}

/**
 * Erases a card holder for good (DSGVO Art. 17): every image and variant in every stored version,
 * the statistics days and rollup, the wallet registrations (with the snapshots deleted cards
 * leave), the contacts visitors left, the holder's name in the credit history's activation
 * entries, and last the card with its counters and match index entry, in one transaction that
 * also writes the erasure record (who, when, which card id, counts: no personal data) and the
 * card change. The `card-changed` job then drops the CDN copies of the card and its images and
 * expires the Google object (issue 21: no request does either itself). The card goes last, so an
 * interrupted erasure is finished by repeating it. `confirm` must repeat the card id.
 */
export async function erasePerson(o: { auth: AuthUser; personId: string; confirm: string }): Promise<Erasure> {
  const person = await getPersonItem(o.personId, { consistent: true });
  requireCompanyAccess(o.auth, person?.companyId, m.errors.cardNotFound);
  if (o.confirm !== o.personId) throw new ValidationError(msg.errors.invalidInput, { confirm: m.errors.confirmMismatch });
  const p = person! as PersonItem & { pastImages?: string[] };
  const removed: Record<string, number> = {};
  const count = (what: string, n: number) => { removed[what] = (removed[what] ?? 0) + n; };

  // Images: files (every version) and upload records.
  const images = cardImages(p);
  const cdnPaths: string[] = [];
  for (const file of images) {
    const r = await purgeUpload(file, p.companyId);
    count('imageFiles', r.files);
    count('uploads', r.record ? 1 : 0);
    cdnPaths.push(...uploadCdnPaths(uploadStorageKey(file)));
  }

  // Statistics: day items and the company rollup.
  count('statisticsDays', (await cardStatDays(p.id)).length);
  await deleteCardStatistics({ companyId: p.companyId, personId: p.id });

  // Wallet: every registration of the pass (expired snapshots included). The Google object is the job's (its marker stays until then).
  const regs = await queryAll<{ pk: string; sk: string }>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.passRegistrationPartition(p.id).pk },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  await batchDeleteAll(regs.map((r) => ({ pk: r.pk, sk: r.sk })));
  count('walletRegistrations', regs.length);
  if (await getGoogleObject(p.id)) count('googleObjects', 1);

  // Credit history: the amounts stay (accounting), the holder's name goes.
  const entries = await cardCreditEntries(p.companyId, p.id);
  for (const e of entries) {
    await db().send(new UpdateCommand({
      TableName: tableName(), Key: { pk: e.pk, sk: e.sk },
      UpdateExpression: 'SET infotext = :t', ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':t': m.erasedCardInfotext },
    }));
  }
  count('creditEntriesAnonymised', entries.length);

  count('contacts', await eraseCardContacts(p.id));

  // The card, its counters and match entry, and the erasure record: all or nothing.
  const erasure: Erasure = { id: p.id, erasedAt: new Date().toISOString(), erasedBy: o.auth.id, companyId: p.companyId, removed: { ...removed, cards: 1 } };
  await runGuarded([
    ...scopeSteps(o.auth, p.companyId, m.errors.cardNotFound),
    {
      item: { Delete: { TableName: tableName(), Key: keys.person(p.id), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': p.version } } },
      onFail: () => new ConflictError(),
    },
    { item: companyCounterUpdate(p.companyId, -1, p.isActive ? -1 : 0), onFail: () => new NotFoundError(m.errors.cardNotFound) },
    { item: profileCounterUpdate(p.companyProfilId, p.companyId, -1), onFail: () => new NotFoundError(m.errors.cardNotFound) },
    ...matchIndexSteps(p.companyId, p.id, p, undefined),
    cardChangeStep({ scope: 'card', targetId: p.id, companyId: p.companyId, erased: true, paths: cdnPaths }),
    {
      item: { Put: { TableName: tableName(), Item: { ...keys.erasureRecord(p.id), type: 'erasure', ...erasure }, ConditionExpression: 'attribute_not_exists(pk)' } },
      onFail: () => new ConflictError(),
    },
  ]);
  // The match entry keyed by a hash of name and e-mail goes when no card is left under it.
  try {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.cardMatch(p.companyId, matchKeyHash(p)), ConditionExpression: 'attribute_not_exists(personIds)' }));
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
  noteChange({ action: 'erase', objectType: 'person', objectId: p.id, companyId: p.companyId, fields: [], detail: erasure.removed });
  return erasure;
}
