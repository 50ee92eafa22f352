import { UpdateCommand } from '../../lib/dynamo.ts';
import { db, isConditionFailure, queryPages, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { log } from '../../lib/log.ts';
import { clearStoredPasses } from '../wallet/stored-pass-key.ts';
import { invalidate } from '../../lib/cdn/invalidate.ts';
import { uploads } from '../../lib/storage/index.ts';
import { originalNeedsRenewal, reprocessImage } from '../../lib/images/pipeline.ts';
import { fallbackFormat } from '../../../shared/images.ts';
import { IMAGE_PIPELINE_VERSION, storeImageFiles } from './save-upload.ts';
import { uploadCdnPaths, variantStorageKeys } from './storage-keys.ts';

// Existing uploads through today's pipeline (`npm run images:reprocess` locally, the job
// `images-reprocess` in AWS). Every upload record says which pipeline made its files
// (`pipeline`); what is already current is skipped, so a second run changes nothing and a run
// that stopped (deadline, failure) is finished by starting it again. Cards keep working meanwhile:
// names stay, each file is replaced in one write, the original last.

interface UploadRecord {
  pk: string;
  sk: string;
  filename: string;
  storageKey: string;
  pipeline?: number;
}

export interface ReprocessResult {
  /** Uploads remade by this run. */
  remade: number;
  /** Uploads already made by the current pipeline. */
  current: number;
  /** Uploads that could not be remade (file missing or not decodable; logged with their name). */
  failed: number;
  /** False when the deadline stopped the run: start it again to go on. */
  done: boolean;
  /** Stored Apple passes removed when the run finished (built again on demand with the new images). */
  passesCleared?: number;
}

/** Every company and legacy company id (the owners of uploads), page by page. */
async function* owners(): AsyncGenerator<string> {
  for (const gsi1pk of [keys.companyListPartition().gsi1pk, keys.vcardCompanyListPartition().gsi1pk]) {
    for await (const page of queryPages<{ id: string }>({
      TableName: tableName(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': gsi1pk }, ProjectionExpression: 'id',
    })) yield* page.map((c) => c.id);
  }
}

/**
 * Remakes one upload's files. A record gone meanwhile (its company was deleted) gets the files
 * just written deleted again. The original is re-encoded only when it is not what the pipeline
 * stores (an upload from before it, with camera metadata or appended bytes); its cached copies are
 * then invalidated. Other files keep their names and show the same picture, so their cached
 * copies may stay (invalidating every upload would cost a CloudFront path each).
 */
async function remake(record: UploadRecord): Promise<boolean> {
  const stored = await uploads().get(record.storageKey);
  if (!stored) {
    log('warn', 'image reprocess: original missing', { file: record.filename });
    return false;
  }
  let image;
  let renewOriginal = false;
  try {
    renewOriginal = record.pipeline === undefined && await originalNeedsRenewal(stored.body);
    image = await reprocessImage({ data: stored.body, format: fallbackFormat(record.filename), renewOriginal });
  } catch (err) {
    log('warn', 'image reprocess: original does not decode', { file: record.filename, error: err instanceof Error ? err.message : String(err) });
    return false;
  }
  await storeImageFiles(record.filename, image.variants, renewOriginal ? image.original : undefined);
  try {
    await db().send(new UpdateCommand({
      TableName: tableName(),
      Key: { pk: record.pk, sk: record.sk },
      UpdateExpression: 'SET pipeline = :v, width = :w, height = :h, #size = :s, contentType = :t',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#size': 'size' },
      ExpressionAttributeValues: { ':v': IMAGE_PIPELINE_VERSION, ':w': image.width, ':h': image.height, ':s': image.original.data.length, ':t': image.original.mime },
    }));
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    await Promise.all([...variantStorageKeys(record.storageKey), record.storageKey].map((k) => uploads().delete(k)));
    return false;
  }
  if (renewOriginal) await invalidate(uploadCdnPaths(record.storageKey));
  return true;
}

/** Remakes every upload not made by the current pipeline, until done or `deadline` (epoch ms). */
export async function reprocessUploads(o: { deadline?: number } = {}): Promise<ReprocessResult> {
  const result: ReprocessResult = { remade: 0, current: 0, failed: 0, done: true };
  for await (const owner of owners()) {
    for await (const page of queryPages<UploadRecord>({
      TableName: tableName(), IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.ownedPartition(owner).gsi2pk, ':prefix': keys.ownedUploadPrefix(owner).gsi2sk },
      ProjectionExpression: 'pk, sk, filename, storageKey, pipeline',
    })) {
      for (const record of page) {
        if (record.pipeline === IMAGE_PIPELINE_VERSION) { result.current++; continue; }
        if (o.deadline !== undefined && Date.now() > o.deadline) return { ...result, done: false };
        if (await remake(record)) result.remade++;
        else result.failed++;
      }
    }
  }
  // A stored pass built before its images were remade (or made at all: uploads older than the
  // pass images) lacks them under the same names, which its content key cannot see. Cleared once
  // the whole run is done, also when an earlier invocation did the remaking.
  result.passesCleared = await clearStoredPasses();
  return result;
}
