// What a Lambda function may touch, declared where the code that needs it is declared: by each
// route (`needs` in shared/api/routes/*.ts) and each job (infra/jobs.ts). The stack grants every
// function the union of its routes' needs as explicit IAM statements (infra/constructs/app-function.ts),
// and the bundler reads `native` (infra/bundle.ts). Pure data: the web client imports it with the routes.

/** The stack's buckets (infra/stack.ts). */
export type BucketName = 'uploads' | 'logs';
/** The stack's Secrets Manager secrets: token signing key, wallet configuration, wallet link key. */
export type SecretName = 'auth' | 'walletConfig' | 'walletLink';
/** The stack's queues a function may send to. */
export type QueueName = 'invalidation';
/**
 * Node packages with a native part that cannot be bundled into JavaScript: the bundler keeps them
 * outside the bundle and puts their Lambda build (linux-arm64) beside it (infra/native-modules.ts).
 */
export type NativeModule = 'sharp';

/** Uploaded images in the uploads bucket (functions/domain/uploads/storage-keys.ts). */
export const UPLOADS_PREFIX = 'images/';

/**
 * Signed Apple passes, one per card (functions/domain/wallet/stored-pass.ts). Private: they hold
 * the pass's authentication token; no route or CDN path serves this prefix (uploads are served
 * only under UPLOADS_PREFIX).
 */
export const STORED_PASSES_PREFIX = 'wallet-passes/';

/**
 * CloudFront standard logs in the log bucket: `cdn/<distribution id>.<YYYY-MM-DD-HH>.<unique>.gz`
 * (gzip, tab-separated W3C format). The statistics merge consumes objects under this prefix.
 */
export const CDN_LOG_PREFIX = 'cdn/';

/** Objects under one prefix of one bucket. `readDelete` and `readWrite` include reading; `list` lists the prefix. */
export interface ObjectGrant {
  readonly bucket: BucketName;
  readonly prefix: string;
  readonly access: 'read' | 'readDelete' | 'readWrite';
  readonly list?: boolean;
  /**
   * Removes objects for good in the versioned bucket: lists the versions of the prefix's keys and
   * deletes them by version id (the DSGVO erasure, functions/lib/storage: `purge`).
   */
  readonly versions?: boolean;
}

export interface Needs {
  /** The single table: `read` = Get/Query/BatchGet/ConditionCheck/DescribeTable, `readWrite` adds the writes. */
  readonly table?: 'read' | 'readWrite';
  readonly objects?: readonly ObjectGrant[];
  /** Secrets read with GetSecretValue. The token signing key follows from `access` (every signed-in route reads it). */
  readonly secrets?: readonly SecretName[];
  /** Queues sent to (SendMessage). */
  readonly queues?: readonly QueueName[];
  /** Creates CloudFront invalidations on the distribution (only the invalidation job). */
  readonly distributionInvalidation?: boolean;
  /** Sends e-mail through Amazon SES, only as the configured sender (context `mailFrom`; the notifications of new contacts, issue 28). */
  readonly mail?: boolean;
  /**
   * The companies' OpenID client secrets (issue 26): one Secrets Manager secret per company under the
   * stack's prefix (OIDC_SECRET_PREFIX), read at sign-in, written by the provider settings.
   */
  readonly oidcClientSecrets?: 'read' | 'readWrite';
  /** Native packages the code loads (e.g. `['sharp']` for the image pipeline); the build checks it against the imports. */
  readonly native?: readonly NativeModule[];
}

/**
 * Uploaded images: `images.read`, `images.readWrite`, `images.purge` (every version, the erasure).
 * All list the prefix: S3 answers a GET or HEAD of a missing key with 404 only to a caller that may
 * list, else with 403. A missing image (an unknown name in the public image route, a pass image
 * not made yet before the reprocess job ran) must read as absent, not fail the request.
 */
export const images = {
  read: { bucket: 'uploads', prefix: UPLOADS_PREFIX, access: 'read', list: true },
  readWrite: { bucket: 'uploads', prefix: UPLOADS_PREFIX, access: 'readWrite', list: true },
  purge: { bucket: 'uploads', prefix: UPLOADS_PREFIX, access: 'readDelete', list: true, versions: true },
} as const satisfies Record<string, ObjectGrant>;

/**
 * Stored passes: `storedPasses.readWrite` (the pass routes serve and store them),
 * `storedPasses.job` (the card-changed job also removes an erased card's every version),
 * `storedPasses.remove` (company delete), `storedPasses.purge` (the erasure),
 * `storedPasses.clear` (listed and deleted: after the image reprocess).
 */
export const storedPasses = {
  // `list`: a pass not stored yet is a 404 to GetObject (without it S3 answers 403).
  readWrite: { bucket: 'uploads', prefix: STORED_PASSES_PREFIX, access: 'readWrite', list: true },
  job: { bucket: 'uploads', prefix: STORED_PASSES_PREFIX, access: 'readWrite', list: true, versions: true },
  remove: { bucket: 'uploads', prefix: STORED_PASSES_PREFIX, access: 'readDelete' },
  purge: { bucket: 'uploads', prefix: STORED_PASSES_PREFIX, access: 'readDelete', versions: true },
  clear: { bucket: 'uploads', prefix: STORED_PASSES_PREFIX, access: 'readDelete', list: true },
} as const satisfies Record<string, ObjectGrant>;

/** Building and signing passes, and pushing updates to installed ones. */
export const walletSecrets = ['walletConfig', 'walletLink'] as const satisfies readonly SecretName[];

const tableRank = { read: 1, readWrite: 2 } as const;
const objectRank = { read: 1, readDelete: 2, readWrite: 3 } as const;

const union = <T extends string>(a: readonly T[] | undefined, b: readonly T[] | undefined): T[] | undefined =>
  a || b ? [...new Set([...(a ?? []), ...(b ?? [])])].sort() : undefined;

/** What one function serving (or running) all of these needs: the union, each grant at its widest. */
export function mergeNeeds(all: readonly Needs[]): Needs {
  let table: Needs['table'];
  const objects = new Map<string, ObjectGrant>();
  let secrets: SecretName[] | undefined;
  let queues: QueueName[] | undefined;
  let native: NativeModule[] | undefined;
  let distributionInvalidation = false;
  let mail = false;
  let oidcClientSecrets: Needs['oidcClientSecrets'];
  for (const n of all) {
    if (n.table && (!table || tableRank[n.table] > tableRank[table])) table = n.table;
    for (const o of n.objects ?? []) {
      const key = `${o.bucket}/${o.prefix}`;
      const had = objects.get(key);
      const access = had && objectRank[had.access] > objectRank[o.access] ? had.access : o.access;
      const list = Boolean(had?.list || o.list);
      const versions = Boolean(had?.versions || o.versions);
      objects.set(key, { bucket: o.bucket, prefix: o.prefix, access, ...(list ? { list } : {}), ...(versions ? { versions } : {}) });
    }
    secrets = union(secrets, n.secrets);
    queues = union(queues, n.queues);
    native = union(native, n.native);
    distributionInvalidation ||= Boolean(n.distributionInvalidation);
    mail ||= Boolean(n.mail);
    if (n.oidcClientSecrets && (!oidcClientSecrets || tableRank[n.oidcClientSecrets] > tableRank[oidcClientSecrets])) oidcClientSecrets = n.oidcClientSecrets;
  }
  return {
    ...(table ? { table } : {}),
    ...(objects.size ? { objects: [...objects.values()] } : {}),
    ...(secrets ? { secrets } : {}),
    ...(queues ? { queues } : {}),
    ...(distributionInvalidation ? { distributionInvalidation } : {}),
    ...(mail ? { mail } : {}),
    ...(oidcClientSecrets ? { oidcClientSecrets } : {}),
    ...(native ? { native } : {}),
  };
}
