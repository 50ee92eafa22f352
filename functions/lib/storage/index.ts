import { env } from '../env.ts';
import { localStorage } from './local-storage.ts';
import { s3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

let storage: Storage | undefined;

/** S3 when UPLOADS_BUCKET is set (AWS), the UPLOADS_DIR folder otherwise (local). */
export function uploads(): Storage {
  if (storage) return storage;
  const e = env();
  storage = e.UPLOADS_BUCKET ? s3Storage(e.UPLOADS_BUCKET, e.AWS_REGION) : localStorage(e.UPLOADS_DIR!);
  return storage;
}
