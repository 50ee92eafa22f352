import { randomUUID } from 'node:crypto';
import { tableName, transact } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError, PayloadTooLargeError, UnsupportedTypeError } from '../../lib/errors.ts';
import { companyScopeCheck, requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { readImageInfo, sniffType } from '../../lib/image-info.ts';
import { uploads } from '../../lib/storage/index.ts';
import { msg } from '../../../shared/messages.ts';
import { uploadFields, uploadLimits } from '../../../shared/schemas/upload.ts';

/** Where an upload's bytes live in the storage. */
export function uploadStorageKey(filename: string): string {
  return `images/${filename}`;
}

/**
 * The CDN paths that may hold a copy of a stored upload: every field serves every file, and the
 * trailing `*` also catches query strings and derived names (CloudFront allows `*` only at the end).
 */
export function uploadCdnPaths(storageKey: string): string[] {
  const filename = storageKey.slice(storageKey.lastIndexOf('/') + 1);
  return uploadFields.map((field) => `/api/upload/${field}/${filename}*`);
}

/**
 * Stores an image for a company. Only PNG and JPEG, recognised by their bytes; size and pixel
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
  const filename = `${randomUUID()}.${info.type === 'png' ? 'png' : 'jpg'}`;
  const storageKey = uploadStorageKey(filename);
  await transact(
    [
      ...companyScopeCheck(o.auth, o.companyId),
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: keys.company(o.companyId),
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
            companyId: o.companyId,
            storageKey,
            contentType: info.mime,
            size: o.data.length,
            width: info.width,
            height: info.height,
            createdBy: o.auth.id,
            createdAt: new Date().toISOString(),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ],
    () => new NotFoundError(msg.company.notFound),
  );
  await uploads().put(storageKey, o.data, info.mime);
  return { filename };
}
