import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey } from './storage.ts';
import type { Storage } from './storage.ts';

export function s3Storage(bucket: string, region: string): Storage {
  const s3 = new S3Client({ region });
  return {
    async put(key, body, contentType) {
      assertSafeKey(key);
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const bytes = await out.Body?.transformToByteArray();
        return bytes ? { body: Buffer.from(bytes), contentType: out.ContentType ?? 'application/octet-stream' } : undefined;
      } catch (err) {
        if (err instanceof NoSuchKey) return undefined;
        throw err;
      }
    },
    async exists(key) {
      assertSafeKey(key);
      try {
        await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (err) {
        // HEAD has no body: a missing key is NotFound (404), not NoSuchKey.
        if (err instanceof NotFound || err instanceof NoSuchKey) return false;
        throw err;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
