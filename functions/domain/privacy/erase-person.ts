import { DeleteCommand, UpdateCommand } from '../../lib/dynamo.ts';
import { batchDeleteAll, batchGetAll, db, isConditionFailure, queryAll, tableName } from '../../lib/db.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { keys } from '../../lib/keys.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import { runGuarded, scopeSteps } from '../../lib/guarded-transaction.ts';
import { invalidate } from '../../lib/cdn/invalidate.ts';
import { log } from '../../lib/log.ts';
import { uploads } from '../../lib/storage/index.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { commonMessages as msg } from '../../../shared/messages/common.ts';
import { privacyMessages } from '../../../shared/messages/privacy.ts';
import type { Erasure } from '../../../shared/schemas/audit.ts';
import { getPersonItem } from '../cards/person-item.ts';
import type { PersonItem } from '../cards/person-item.ts';
import { companyCounterUpdate, profileCounterUpdate } from '../cards/card-counters.ts';
import { matchIndexSteps, matchKeyHash } from '../cards/match-index.ts';
import { cardCdnPaths } from '../cards/invalidate-cards.ts';
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
 * leave) and the Google object (expired, then forgotten), the contacts visitors left, the holder's
 * name in the credit history's activation entries, the card's CDN copies, and last the card with
 * its counters and match index entry, in one transaction that also writes the erasure record
 * (who, when, which card id, counts: no personal data). The card goes last, so an interrupted
 * erasure is finished by repeating it. `confirm` must repeat the card id.
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
  const cdnPaths = [...cardCdnPaths(p.id)];
  for (const file of images) {
    const r = await purgeUpload(file, p.companyId);
    count('imageFiles', r.files);
    count('uploads', r.record ? 1 : 0);
    cdnPaths.push(...uploadCdnPaths(uploadStorageKey(file)));
  }

  // Statistics: day items and the company rollup.
  count('statisticsDays', (await cardStatDays(p.id)).length);
  await deleteCardStatistics({ companyId: p.companyId, personId: p.id });

  // Wallet: every registration of the pass (expired snapshots included), the Google object.
  const regs = await queryAll<{ pk: string; sk: string }>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.passRegistrationPartition(p.id).pk },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  await batchDeleteAll(regs.map((r) => ({ pk: r.pk, sk: r.sk })));
  count('walletRegistrations', regs.length);
  const marker = await getGoogleObject(p.id);
  if (marker) {
    // Loaded only for a card saved to Google Wallet: the Google client stays out of other erasures' cold start.
    const [{ googleConfig }, { expireGoogleObject }] = await Promise.all([import('../../lib/wallet/config.ts'), import('../wallet/google-pass.ts')]);
    const google = await googleConfig();
    if (google.ok) await expireGoogleObject({ config: google.config, personId: p.id });
    else log('error', 'google wallet object of an erased card not expired: wallet configuration missing; expire it in the Google Pay console', { personId: p.id });
    await batchDeleteAll([keys.googleObject(p.id)]);
    count('googleObjects', 1);
  }

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
  await invalidateAll(cdnPaths);
  noteChange({ action: 'erase', objectType: 'person', objectId: p.id, companyId: p.companyId, fields: [], detail: erasure.removed });
  return erasure;
}

async function invalidateAll(paths: string[]): Promise<void> {
  try {
    await invalidate(paths);
  } catch (err) {
    log('error', 'cdn invalidation after an erasure failed: invalidate the paths by hand (aws cloudfront create-invalidation)', { paths, error: err instanceof Error ? err.message : String(err) });
  }
}
