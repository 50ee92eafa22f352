import { env } from '../env.ts';
import { localStorage } from './local-storage.ts';
import type { Storage } from './storage.ts';

let storage: Storage | undefined;

/**
 * S3 when UPLOADS_BUCKET is set (AWS), the UPLOADS_DIR folder otherwise (local). The S3 client is
 * loaded on the first storage call in AWS (its own chunk), so routes that never touch a file and
 * the local runtime never import it.
 */
export function uploads(): Storage {
  if (storage) return storage;
  const e = env();
  if (!e.UPLOADS_BUCKET) return (storage = localStorage(e.UPLOADS_DIR!));
  const bucket = e.UPLOADS_BUCKET;
  const s3 = import('./s3-storage.ts').then((m) => m.s3Storage(bucket, e.AWS_REGION));
  return (storage = {
    get: async (key) => (await s3).get(key),
    exists: async (key) => (await s3).exists(key),
    put: async (key, data, contentType, metadata) => (await s3).put(key, data, contentType, metadata),
    delete: async (key) => (await s3).delete(key),
    purge: async (key) => (await s3).purge(key),
    list: async (prefix) => (await s3).list(prefix),
  });
}
