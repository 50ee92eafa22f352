import {
  DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, ListObjectVersionsCommand, NoSuchKey, NotFound, PutObjectCommand, S3Client,
} from '@aws-sdk/client-s3';
import { assertSafeKey } from './storage.ts';
import type { Storage } from './storage.ts';

/** `client`: another endpoint than AWS's (an S3-compatible server in tests). */
export function s3Storage(bucket: string, region: string, client?: { endpoint: string; credentials: { accessKeyId: string; secretAccessKey: string } }): Storage {
  const s3 = new S3Client({ region, ...(client ? { endpoint: client.endpoint, credentials: client.credentials, forcePathStyle: true } : {}) });
  return {
    async put(key, body, contentType, metadata) {
      assertSafeKey(key);
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, ...(metadata ? { Metadata: metadata } : {}) }));
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const bytes = await out.Body?.transformToByteArray();
        if (!bytes) return undefined;
        const metadata = out.Metadata && Object.keys(out.Metadata).length ? { metadata: out.Metadata } : {};
        return { body: Buffer.from(bytes), contentType: out.ContentType ?? 'application/octet-stream', ...metadata };
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
    async purge(key) {
      assertSafeKey(key);
      // All versions first, then the deletes: a listing's markers must not point at versions already gone.
      const found: { Key: string; VersionId: string }[] = [];
      let removed = 0;
      let keyMarker: string | undefined;
      let versionMarker: string | undefined;
      do {
        // The prefix is the key itself: keys sharing it (`abc.jpg` and `abc.jpg.x`) are filtered out.
        const out = await s3.send(new ListObjectVersionsCommand({ Bucket: bucket, Prefix: key, KeyMarker: keyMarker, VersionIdMarker: versionMarker }));
        for (const v of [...(out.Versions ?? []), ...(out.DeleteMarkers ?? [])]) if (v.Key === key && v.VersionId) found.push({ Key: key, VersionId: v.VersionId });
        removed += (out.Versions ?? []).filter((v) => v.Key === key).length;
        keyMarker = out.IsTruncated ? out.NextKeyMarker : undefined;
        versionMarker = out.IsTruncated ? out.NextVersionIdMarker : undefined;
      } while (keyMarker);
      for (let i = 0; i < found.length; i += 1000) {
        const del = await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: found.slice(i, i + 1000), Quiet: true } }));
        if (del.Errors?.length) throw new Error(`S3: ${del.Errors.length} Versionen von ${key} nicht gelöscht (${del.Errors[0]?.Code ?? ''})`);
      }
      return removed;
    },
    async list(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const out = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        for (const o of out.Contents ?? []) if (o.Key) keys.push(o.Key);
        token = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
  };
}
