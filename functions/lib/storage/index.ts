import { env } from '../env.ts';
import { localStorage } from './local-storage.ts';
import type { Storage } from './storage.ts';
import { s3GetObject } from './s3-get.ts';

let storage: Storage | undefined;

/**
 * S3 when UPLOADS_BUCKET is set (AWS), the UPLOADS_DIR folder otherwise (local). Reads go through
 * our signed GET; the S3 client is loaded on the first write, delete or listing in AWS (its own
 * chunk), so routes that only read files and the local runtime never import it.
 */
export function uploads(): Storage {
  if (storage) return storage;
  const e = env();
  if (!e.UPLOADS_BUCKET) return (storage = localStorage(e.UPLOADS_DIR!));
  const bucket = e.UPLOADS_BUCKET;
  let client: Promise<Storage> | undefined;
  const s3 = () => (client ??= import('./s3-storage.ts').then((m) => m.s3Storage(bucket, e.AWS_REGION)));
  return (storage = {
    // Reads need no SDK: the signed GET of ./s3-get.ts (a cold start's read stays light).
    get: (key) => s3GetObject({ bucket, region: e.AWS_REGION }, key),
    exists: async (key) => (await s3()).exists(key),
    put: async (key, data, contentType, metadata) => (await s3()).put(key, data, contentType, metadata),
    delete: async (key) => (await s3()).delete(key),
    purge: async (key) => (await s3()).purge(key),
    list: async (prefix) => (await s3()).list(prefix),
  });
}
