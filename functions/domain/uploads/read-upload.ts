import { NotFoundError } from '../../lib/errors.ts';
import { uploads } from '../../lib/storage/index.ts';
import type { StoredFile } from '../../lib/storage/storage.ts';
import { uploadMessages } from '../../../shared/messages/upload.ts';
import { uploadStorageKey } from './storage-keys.ts';

/** The stored image; names are random and never reused, so the answer may be cached for good. */
export async function readUpload(o: { filename: string }): Promise<StoredFile> {
  const file = await uploads().get(uploadStorageKey(o.filename));
  if (!file) throw new NotFoundError(uploadMessages.notFound);
  return file;
}
