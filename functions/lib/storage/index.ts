import { env } from '../env.ts';
import type { Storage } from './storage.ts';

let storage: Storage | undefined;

/** A Storage whose implementation is loaded on its first call. */
function lazy(load: () => Promise<Storage>): Storage {
  let loaded: Promise<Storage> | undefined;
  const impl = () => (loaded ??= load());
  return {
    get: async (key) => (await impl()).get(key),
    exists: async (key) => (await impl()).exists(key),
    put: async (key, data, contentType, metadata) => (await impl()).put(key, data, contentType, metadata),
    delete: async (key) => (await impl()).delete(key),
    purge: async (key) => (await impl()).purge(key),
    list: async (prefix) => (await impl()).list(prefix),
  };
}

/**
 * S3 when UPLOADS_BUCKET is set (AWS), the UPLOADS_DIR folder otherwise (local). Each is loaded on
 * the first storage call (its own chunk): routes that never touch a file load neither, AWS never
 * loads the folder's code (node:fs/promises, ~1 ms of a cold start) and the local runtime never
 * the S3 client. In AWS reads go through our signed GET (./s3-get.ts): the SDK's S3 client is
 * loaded only on the first write, delete or listing, so routes that only read files never import it.
 */
export function uploads(): Storage {
  if (storage) return storage;
  const e = env();
  if (!e.UPLOADS_BUCKET) {
    const dir = e.UPLOADS_DIR!;
    return (storage = lazy(async () => (await import('./local-storage.ts')).localStorage(dir)));
  }
  const bucket = e.UPLOADS_BUCKET;
  const s3 = lazy(async () => (await import('./s3-storage.ts')).s3Storage(bucket, e.AWS_REGION));
  let reader: Promise<typeof import('./s3-get.ts')> | undefined;
  return (storage = {
    ...s3,
    get: async (key) => (await (reader ??= import('./s3-get.ts'))).s3GetObject({ bucket, region: e.AWS_REGION }, key),
  });
}
