import { randomUUID } from 'node:crypto';
import { tableName, transact } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError, PayloadTooLargeError, UnsupportedTypeError, ValidationError } from '../../lib/errors.ts';
import { companyScopeCheck, requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { readImageInfo, sniffType } from '../../lib/image-info.ts';
import { uploads } from '../../lib/storage/index.ts';
import { msg } from '../../../shared/messages.ts';
import { uploadFields, uploadLimits } from '../../../shared/schemas/upload.ts';
import { allVariantFilenames, variantFilename } from '../../../shared/images.ts';
import { processImage, UndecodableImageError } from '../../lib/images/pipeline.ts';
import type { ProcessedImage } from '../../lib/images/pipeline.ts';

/** Where an upload's bytes live in the storage. */
export function uploadStorageKey(filename: string): string {
  return `images/${filename}`;
}

/** Storage keys of an upload's resized variants (shared/images.ts), stored next to the original. */
export function variantStorageKeys(storageKey: string): string[] {
  const dir = storageKey.slice(0, storageKey.lastIndexOf('/') + 1);
  return allVariantFilenames(storageKey.slice(dir.length)).map((name) => dir + name);
}

/**
 * The CDN paths that may hold a copy of a stored upload or one of its variants: every field
 * serves every file, and the trailing `*` after the name without its extension catches the
 * original, every variant (`abc.w320.png`, `abc.vcard.jpg`) and query strings (CloudFront allows
 * `*` only at the end; names are random UUIDs, so the prefix is the upload's alone).
 */
export function uploadCdnPaths(storageKey: string): string[] {
  const filename = storageKey.slice(storageKey.lastIndexOf('/') + 1);
  const dot = filename.indexOf('.');
  const stem = dot > 0 ? filename.slice(0, dot + 1) : filename;
  return uploadFields.map((field) => `/api/upload/${field}/${stem}*`);
}

function decodeOrRefuse(data: Buffer, type: 'png' | 'jpeg'): ProcessedImage {
  try {
    return processImage(data, type);
  } catch (err) {
    if (err instanceof UndecodableImageError) throw new ValidationError(msg.upload.undecodable, { image: msg.upload.undecodable });
    throw err;
  }
}

/**
 * Stores an image for a company (for admins also a legacy company). Only PNG and JPEG, recognised by their bytes; size and pixel
 * count are bounded. The file gets a random name (unguessable, never reused) and a record owned
 * by the company, written first and inside the tenant check, so deleting the company finds it.
 */
export async function saveUpload(o: { auth: AuthUser; companyId: string; data: Buffer; declaredType?: string | undefined }): Promise<{ filename: string }> {
  requireCompanyAccess(o.auth, o.companyId, msg.company.notFound);
  if (o.data.length > uploadLimits.maxBytes) {
    throw new PayloadTooLargeError(msg.upload.tooLarge.replace('{mb}', String(uploadLimits.maxBytes / 1024 / 1024)));
  }
  const info = readImageInfo(o.data);
  if (!info) {
    const type = sniffType(o.data) ?? msg.upload.unknownType;
    throw new UnsupportedTypeError(msg.upload.unsupportedType.replace('{type}', type));
  }
  if (info.width < 1 || info.height < 1 || info.width * info.height > uploadLimits.maxPixels) {
    throw new PayloadTooLargeError(msg.upload.tooManyPixels.replace('{mp}', String(uploadLimits.maxPixels / 1_000_000)));
  }
  // Decoded completely and stored re-encoded: a cut-off file is refused, anything appended or
  // hidden in metadata is gone, and every size a page, vCard or pass needs exists from now on.
  const image = decodeOrRefuse(o.data, info.type);
  const original = image.files.find((f) => f.variant === 'original')!;
  const filename = `${randomUUID()}.${info.type === 'png' ? 'png' : 'jpg'}`;
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
            contentType: info.mime,
            size: original.data.length,
            width: image.width,
            height: image.height,
            createdBy: o.auth.id,
            createdAt: new Date().toISOString(),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ],
    () => new NotFoundError(msg.company.notFound),
  );
  try {
    await write(keys.company(o.companyId), 'company');
  } catch (err) {
    // The legacy area is admin-only (docs/decisions.md), so only an admin's upload may belong to a
    // legacy company; for everybody else the id stays a missing company.
    if (!(err instanceof NotFoundError) || !o.auth.isAdmin) throw err;
    await write(keys.vcardCompany(o.companyId), 'vcardCompany');
  }
  // Variants first: once the original exists, a client may show it and ask for its variants.
  await Promise.all(image.files.filter((f) => f.variant !== 'original')
    .map((f) => uploads().put(uploadStorageKey(variantFilename(filename, f.variant as Exclude<typeof f.variant, 'original'>)), f.data, f.mime)));
  await uploads().put(storageKey, original.data, original.mime);
  return { filename };
}
