// Where things live in the stack's buckets: shared by the stack and docs/deploy.md. The prefixes
// the functions read and write (uploaded images, CloudFront logs) are in shared/api/needs.ts.

/** S3 server access logs of the uploads and web buckets. */
export const S3_LOG_PREFIX = 's3/';

/** Days the log bucket keeps any log (CloudFront, S3 access); the merge job reads CloudFront's within hours. */
export const LOG_RETENTION_DAYS = 90;

/** Days an overwritten or deleted upload stays recoverable (noncurrent version) before it is gone. */
export const UPLOAD_NONCURRENT_DAYS = 30;

/** Web assets of earlier deploys stay this long (open pages load their lazy chunks); see infra/constructs/web.ts. */
export const OLD_ASSET_DAYS = 30;
