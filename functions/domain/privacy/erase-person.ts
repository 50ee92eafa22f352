import { DeleteCommand, UpdateCommand } from '../../lib/dynamo.ts';
import { batchDeleteAll, batchGetAll, db, queryAll, tableName } from '../../lib/db.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { keys } from '../../lib/keys.ts';
import { runGuarded } from '../../lib/guarded-transaction.ts';
import { uploads } from '../../lib/storage/index.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { commonMessages as msg } from '../../../shared/messages/common.ts';
import { privacyMessages } from '../../../shared/messages/privacy.ts';
import type { Erasure } from '../../../shared/schemas/audit.ts';
import { cardChangeStep } from '../cards/card-change.ts';
import { uploadCdnPaths, uploadStorageKey, variantStorageKeys } from '../uploads/storage-keys.ts';
import { deleteCardStatistics } from '../statistics/delete-card-statistics.ts';
import { getGoogleObject } from '../wallet/pass-registrations.ts';
import { purgeStoredPass } from '../wallet/stored-pass-key.ts';
import { noteChange } from '../audit/audit-scope.ts';
import { cardCreditEntries, cardImages } from './card-holder-data.ts';
import { eraseCardContacts } from './card-contacts.ts';
import { loadCardHolder } from './card-holder.ts';
import type { CardHolderKind } from './card-holder.ts';

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
 * Erases a card holder for good (DSGVO Art. 17), a V2 card or a legacy person (`kind: 'legacy'`,
 * admins only): every image and variant in every stored version, the statistics days and rollup,
 * the wallet registrations (with the snapshots deleted cards leave), the contacts visitors left,
 * the holder's name in the credit history's activation entries (V2 cards; legacy companies have
 * no credits), and last the card with its counters and indexes, in one transaction that also
 * writes the erasure record (who, when, which card id, counts: no personal data) and the card
 * change. The `card-changed` job then drops the CDN copies of the card and its images and expires
 * the Google object (issue 21: no request does either itself). The card goes last, so an
 * interrupted erasure is finished by repeating it. `confirm` must repeat the card id.
 */
export async function erasePerson(o: { auth: AuthUser; personId: string; confirm: string; kind?: CardHolderKind }): Promise<Erasure> {
  const holder = await loadCardHolder({ auth: o.auth, personId: o.personId, kind: o.kind ?? 'card' });
  if (o.confirm !== o.personId) throw new ValidationError(msg.errors.invalidInput, { confirm: m.errors.confirmMismatch });
  const { id, companyId } = holder;
  const removed: Record<string, number> = {};
  const count = (what: string, n: number) => { removed[what] = (removed[what] ?? 0) + n; };

  // Images: files (every version) and upload records (the legacy company's for a legacy person).
  const cdnPaths: string[] = [];
  for (const file of cardImages(holder.item)) {
    const r = await purgeUpload(file, companyId);
    count('imageFiles', r.files);
    count('uploads', r.record ? 1 : 0);
    cdnPaths.push(...uploadCdnPaths(uploadStorageKey(file)));
  }

  // Statistics: day items and the rollup (a legacy card's under its legacy company).
  count('statisticsDays', await deleteCardStatistics({ companyId, personId: id }));

  // Wallet: every registration of the pass (expired snapshots included). The Google object is the job's (its marker stays until then).
  const regs = await queryAll<{ pk: string; sk: string }>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.passRegistrationPartition(id).pk },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  await batchDeleteAll(regs.map((r) => ({ pk: r.pk, sk: r.sk })));
  count('walletRegistrations', regs.length);
  // The stored Apple pass, every version (the card-changed job removes it once more after the card is gone).
  count('storedPasses', await purgeStoredPass(id));
  if (await getGoogleObject(id)) count('googleObjects', 1);

  // Credit history: the amounts stay (accounting), the holder's name goes.
  if (holder.kind === 'card') {
    const entries = await cardCreditEntries(companyId, id);
    for (const e of entries) {
      await db().send(new UpdateCommand({
        TableName: tableName(), Key: { pk: e.pk, sk: e.sk },
        UpdateExpression: 'SET infotext = :t', ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':t': m.erasedCardInfotext },
      }));
    }
    count('creditEntriesAnonymised', entries.length);
  }

  count('contacts', await eraseCardContacts(id));

  // The card, its counters and indexes, the card change and the erasure record: all or nothing.
  const erasure: Erasure = { id, erasedAt: new Date().toISOString(), erasedBy: o.auth.id, companyId, removed: { ...removed, cards: 1 } };
  await runGuarded([
    ...holder.removalSteps(o.auth),
    cardChangeStep({ scope: 'card', targetId: id, companyId, erased: true, paths: cdnPaths }),
    {
      item: {
        Put: {
          TableName: tableName(), Item: { ...keys.erasureRecord(id), type: 'erasure', ...erasure, ...(holder.kind === 'legacy' ? { legacy: true } : {}) },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      onFail: () => new ConflictError(),
    },
  ]);
  await holder.afterRemoval();
  noteChange({ action: 'erase', objectType: holder.objectType, objectId: id, companyId, fields: [], detail: erasure.removed });
  return erasure;
}
