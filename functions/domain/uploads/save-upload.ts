import { randomUUID } from 'node:crypto';
import { tableName, transact } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError, PayloadTooLargeError, UnsupportedTypeError, ValidationError } from '../../lib/errors.ts';
import { companyScopeCheck, requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { readImageInfo, sniffType } from '../../lib/image-info.ts';
import { uploads } from '../../lib/storage/index.ts';
import { companyMessages } from '../../../shared/messages/company.ts';
import { uploadMessages } from '../../../shared/messages/upload.ts';
import { uploadLimits } from '../../../shared/schemas/upload.ts';
import { variantFilename } from '../../../shared/images.ts';
import { uploadStorageKey } from './storage-keys.ts';
import { MAX_JPEG_SCANS, processImage, TooManyScansError, UndecodableImageError } from '../../lib/images/pipeline.ts';
import type { ProcessedImage, RenderedFile } from '../../lib/images/pipeline.ts';

/**
 * Which pipeline made an upload's files. The reprocess job (reprocess-uploads.ts) remakes every
 * upload whose record names an older one; raise it when the derivatives change.
 */
export const IMAGE_PIPELINE_VERSION = 2;

async function decodeOrRefuse(data: Buffer, type: 'png' | 'jpeg'): Promise<ProcessedImage> {
  try {
    return await processImage(data, type);
  } catch (err) {
    if (err instanceof UndecodableImageError) throw new ValidationError(uploadMessages.undecodable, { image: uploadMessages.undecodable });
    if (err instanceof TooManyScansError) {
      const text = uploadMessages.tooManyScans.replace('{max}', String(MAX_JPEG_SCANS));
      throw new ValidationError(text, { image: text });
    }
    throw err;
  }
}

/**
 * Writes an upload's derivatives, then its original: once the original exists, a client may show
 * it and ask for its variants. Ten at a time (S3 connections, local file handles).
 */
export async function storeImageFiles(filename: string, variants: RenderedFile[], original?: { data: Buffer; mime: string }): Promise<void> {
  for (let i = 0; i < variants.length; i += 10) {
    await Promise.all(variants.slice(i, i + 10).map((f) => uploads().put(uploadStorageKey(variantFilename(filename, f.variant)), f.data, f.mime)));
  }
  if (original) await uploads().put(uploadStorageKey(filename), original.data, original.mime);
}

/**
 * Stores an image for a company (for admins also a legacy company). Only PNG and JPEG, recognised
 * by their bytes; size, pixel count and (progressive JPEG) scan count are bounded. Stored as JPEG,
 * or PNG where there is transparency, whatever came in (the name's extension says which). The file gets a random name (unguessable, never reused) and a record owned
 * by the company, written first and inside the tenant check, so deleting the company finds it.
 */
export async function saveUpload(o: { auth: AuthUser; companyId: string; data: Buffer; declaredType?: string | undefined }): Promise<{ filename: string }> {
  requireCompanyAccess(o.auth, o.companyId, companyMessages.notFound);
  if (o.data.length > uploadLimits.maxBytes) {
    throw new PayloadTooLargeError(uploadMessages.tooLarge.replace('{mb}', String(uploadLimits.maxBytes / 1024 / 1024)));
  }
  const info = readImageInfo(o.data);
  if (!info) {
    const type = sniffType(o.data) ?? uploadMessages.unknownType;
    throw new UnsupportedTypeError(uploadMessages.unsupportedType.replace('{type}', type));
  }
  if (info.width < 1 || info.height < 1 || info.width * info.height > uploadLimits.maxPixels) {
    throw new PayloadTooLargeError(uploadMessages.tooManyPixels.replace('{mp}', String(uploadLimits.maxPixels / 1_000_000)));
  }
  // Decoded completely and stored re-encoded: a cut-off file is refused, anything appended or
  // hidden in metadata is gone, and every size a page, vCard or pass needs exists from now on.
  const image = await decodeOrRefuse(o.data, info.type);
  const filename = `${randomUUID()}.${image.format}`;
  const storageKey = uploadStorageKey(filename);
  const write = (ownerKey: { pk: string; sk: string }, ownerKind: 'company' | 'vcardCompany') => transact(
    [
      ...companyScopeCheck(o.auth, o.companyId),
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: ownerKey,
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deleting)',
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.upload(filename),
            ...keys.ownedUpload(o.companyId, filename),
            type: 'upload',
            filename,
            // The owner's id either way (ids are random UUIDs): the ownership checks compare it.
            companyId: o.companyId,
            ownerKind,
            storageKey,
            contentType: image.original.mime,
            size: image.original.data.length,
            width: image.width,
            height: image.height,
            pipeline: IMAGE_PIPELINE_VERSION,
            createdBy: o.auth.id,
            createdAt: new Date().toISOString(),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ],
    () => new NotFoundError(companyMessages.notFound),
  );
  try {
    await write(keys.company(o.companyId), 'company');
  } catch (err) {
    // The legacy area is admin-only (docs/decisions.md), so only an admin's upload may belong to a
    // legacy company; for everybody else the id stays a missing company.
    if (!(err instanceof NotFoundError) || !o.auth.isAdmin) throw err;
    await write(keys.vcardCompany(o.companyId), 'vcardCompany');
  }
  await storeImageFiles(filename, image.variants, image.original);
  return { filename };
}
