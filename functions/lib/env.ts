import * as z from 'zod';

/** Default of IMPORT_TIME_BUDGET_MS (the infra test holds the tools function's timeout against it). */
export const DEFAULT_IMPORT_TIME_BUDGET_MS = 10_000;

// Read once per container, checked, typed. A wrong setup fails the first request with
// one line naming the variable, not with an undefined deep inside a handler.
const schema = z
  .object({
    TABLE_NAME: z.string().min(3, 'TABLE_NAME muss der Name der DynamoDB-Tabelle sein (mindestens 3 Zeichen)'),
    AWS_REGION: z.string().default('eu-central-1'),
    DYNAMODB_ENDPOINT: z.url().optional(),
    UPLOADS_BUCKET: z.string().optional(),
    UPLOADS_DIR: z.string().optional(),
    AUTH_SECRET: z.string().min(32, 'AUTH_SECRET muss mindestens 32 Zeichen lang sein').optional(),
    AUTH_SECRET_ARN: z.string().optional(),
    TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(8 * 60 * 60),
    APP_VERSION: z.string().default('0.1.0'),
    TRACK_CAPACITY: z.enum(['0', '1']).default('0'),
    /** SQS queue of CDN invalidations (AWS); absent locally, where invalidations are only recorded. */
    INVALIDATION_QUEUE_URL: z.url().optional(),
    /** Origin secret CloudFront sends (functions/lib/auth/origin.ts): directly (tests) or as a Secrets Manager ARN (AWS); neither: not required. */
    ORIGIN_SECRET: z.string().min(32, 'ORIGIN_SECRET muss mindestens 32 Zeichen lang sein').optional(),
    ORIGIN_SECRET_ARN: z.string().optional(),
    /** Log bucket whose `cdn/` files the statistics merge counts (AWS, job cdn-log-merge only). */
    CDN_LOG_BUCKET: z.string().optional(),
    /** CloudFront distribution the invalidation job clears paths of (AWS, job only). */
    DISTRIBUTION_ID: z.string().optional(),
    /** Credits one card activation costs (spec §9: a fixed amount). */
    CARD_ACTIVATION_CREDITS: z.coerce.number().int().nonnegative().default(1),
    /** Credits the monthly job books per active card; 0 turns the job off. */
    MONTHLY_CREDITS_PER_CARD: z.coerce.number().int().nonnegative().default(1),
    /**
     * Time an import batch or legacy conversion request may spend writing rows before it answers
     * with the rest left for the next request: far inside the tools function's timeout and the HTTP
     * API's 30 s (infra/areas.ts).
     */
    IMPORT_TIME_BUDGET_MS: z.coerce.number().int().positive().default(DEFAULT_IMPORT_TIME_BUDGET_MS),
    /** Days an audit log entry is kept before DynamoDB's TTL removes it (default two years). */
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1, 'AUDIT_RETENTION_DAYS muss mindestens 1 sein').default(730),
    /** Product address for absolute links in QR codes and passes (e.g. https://karten.example.de); else the request's host. */
    PUBLIC_BASE_URL: z.url().optional(),
    /** Key of the signed wallet links (HMAC); when unset (local) derived from the token signing key. Rotating it voids every printed wallet QR code. */
    WALLET_LINK_SECRET: z.string().min(32, 'WALLET_LINK_SECRET muss mindestens 32 Zeichen lang sein').optional(),
    WALLET_LINK_SECRET_ARN: z.string().optional(),
    /** Wallet configuration as one Secrets Manager JSON secret (AWS); locally the variables below. */
    WALLET_CONFIG_SECRET_ARN: z.string().optional(),
    /** Where the AWS alarms are sent (CDK context alarmEmail); shown on the admins' Systemstatus screen. */
    ALARM_EMAIL: z.string().optional(),
    APPLE_PASS_TYPE_ID: z.string().optional(),
    APPLE_TEAM_ID: z.string().optional(),
    APPLE_PASS_CERT_FILE: z.string().optional(),
    APPLE_PASS_KEY_FILE: z.string().optional(),
    APPLE_PASS_KEY_PASSPHRASE: z.string().optional(),
    APPLE_WWDR_CERT_FILE: z.string().optional(),
    /** APNs host (and port); Wallet passes always use the production service. */
    APNS_HOST: z.string().default('api.push.apple.com'),
    /** Extra CA for APNS_HOST (tests, a proxy); Apple's own host needs none. */
    APNS_CA_FILE: z.string().optional(),
    GOOGLE_WALLET_ISSUER_ID: z.string().optional(),
    GOOGLE_WALLET_KEY_FILE: z.string().optional(),
    GOOGLE_WALLET_API_URL: z.url().default('https://walletobjects.googleapis.com/walletobjects/v1'),
  })
  .refine((e) => Boolean(e.UPLOADS_BUCKET) !== Boolean(e.UPLOADS_DIR), {
    message: 'Genau eine von UPLOADS_BUCKET (AWS) oder UPLOADS_DIR (lokal) muss gesetzt sein',
  })
  .refine((e) => Boolean(e.AUTH_SECRET) || Boolean(e.AUTH_SECRET_ARN), {
    message: 'AUTH_SECRET (lokal) oder AUTH_SECRET_ARN (AWS) muss gesetzt sein',
  });

export type Env = z.output<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`Konfiguration ungültig: ${first?.path.join('.') || ''} ${first?.message ?? ''}`.trim());
  }
  cached = parsed.data;
  return cached;
}

let silenced: boolean | undefined;

/** LOG_LEVEL=silent turns the JSON log lines off (tests). Read apart from env(): logging must work even when the rest of the configuration is broken. */
export function logSilenced(): boolean {
  silenced ??= process.env.LOG_LEVEL === 'silent';
  return silenced;
}
