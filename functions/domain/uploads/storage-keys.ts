import { allVariantFilenames } from '../../../shared/images.ts';
import { uploadFields } from '../../../shared/schemas/upload.ts';
import { UPLOADS_PREFIX } from '../../../shared/api/needs.ts';

// Where an upload's files live and which CDN paths may hold them. Its own module, so what only
// reads or deletes uploads (serving, vCard, passes, company delete) does not pull in the pipeline.

/** Where an upload's bytes live in the storage. */
export function uploadStorageKey(filename: string): string {
  return `${UPLOADS_PREFIX}${filename}`;
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
