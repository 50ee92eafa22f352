/** Default of IMPORT_TIME_BUDGET_MS (the infra test holds the tools function's timeout against it). */
export const DEFAULT_IMPORT_TIME_BUDGET_MS = 10_000;

// Read once per container, checked, typed. A wrong setup fails the first request with
// one line naming the variable, not with an undefined deep inside a handler. A table of plain
// checks rather than a zod schema: every route reads it on its cold start, and building the
// schema cost each of them about 2.5 ms (test/bench/cold-start.bench.ts).

type Kind =
  | { kind: 'text'; min?: number; message?: string }
  | { kind: 'url' }
  | { kind: 'email' }
  | { kind: 'int'; min: number }
  | { kind: 'enum'; values: readonly string[] };

type Spec = Kind & { default?: string | number };

/** Strings of at least `min` characters (the message says why). */
const text = (min?: number, message?: string) => ({ kind: 'text' as const, ...(min ? { min } : {}), ...(message ? { message } : {}) });
const secret = (name: string) => text(32, `${name} muss mindestens 32 Zeichen lang sein`);
const url = { kind: 'url' as const };

const spec = {
  TABLE_NAME: { ...text(3, 'TABLE_NAME muss der Name der DynamoDB-Tabelle sein (mindestens 3 Zeichen)'), required: true as const },
  AWS_REGION: { ...text(), default: 'eu-central-1' },
  DYNAMODB_ENDPOINT: url,
  UPLOADS_BUCKET: text(),
  UPLOADS_DIR: text(),
  AUTH_SECRET: secret('AUTH_SECRET'),
  AUTH_SECRET_ARN: text(),
  TOKEN_TTL_SECONDS: { kind: 'int' as const, min: 1, default: 8 * 60 * 60 },
  APP_VERSION: { ...text(), default: '0.1.0' },
  TRACK_CAPACITY: { kind: 'enum' as const, values: ['0', '1'] as const, default: '0' },
  /** SQS queue of CDN invalidations (AWS); absent locally, where invalidations are only recorded. */
  INVALIDATION_QUEUE_URL: url,
  /** Origin secret CloudFront sends (functions/lib/auth/origin.ts): directly (tests) or as a Secrets Manager ARN (AWS); neither: not required. */
  ORIGIN_SECRET: secret('ORIGIN_SECRET'),
  ORIGIN_SECRET_ARN: text(),
  /** Log bucket whose `cdn/` files the statistics merge counts (AWS, job cdn-log-merge only). */
  CDN_LOG_BUCKET: text(),
  /** CloudFront distribution the invalidation job clears paths of (AWS, job only). */
  DISTRIBUTION_ID: text(),
  /** Credits one card activation costs (spec §9: a fixed amount). */
  CARD_ACTIVATION_CREDITS: { kind: 'int' as const, min: 0, default: 1 },
  /** Credits the monthly job books per active card; 0 turns the job off. */
  MONTHLY_CREDITS_PER_CARD: { kind: 'int' as const, min: 0, default: 1 },
  /**
   * Time an import batch or legacy conversion request may spend writing rows before it answers
   * with the rest left for the next request: far inside the tools function's timeout and the HTTP
   * API's 30 s (infra/constructs/api.ts).
   */
  IMPORT_TIME_BUDGET_MS: { kind: 'int' as const, min: 1, default: DEFAULT_IMPORT_TIME_BUDGET_MS },
  /** Days an audit log entry is kept before DynamoDB's TTL removes it (default two years). */
  AUDIT_RETENTION_DAYS: { kind: 'int' as const, min: 1, default: 730 },
  /** Product address for absolute links in QR codes and passes (e.g. https://karten.example.de); else the request's host. */
  PUBLIC_BASE_URL: url,
  /** Key of the signed wallet links (HMAC); when unset (local) derived from the token signing key. Rotating it voids every printed wallet QR code. */
  WALLET_LINK_SECRET: secret('WALLET_LINK_SECRET'),
  WALLET_LINK_SECRET_ARN: text(),
  /** Wallet configuration as one Secrets Manager JSON secret (AWS); locally the variables below. */
  WALLET_CONFIG_SECRET_ARN: text(),
  /** Where the AWS alarms are sent (CDK context alarmEmail); shown on the admins' Systemstatus screen. */
  ALARM_EMAIL: text(),
  APPLE_PASS_TYPE_ID: text(),
  APPLE_TEAM_ID: text(),
  APPLE_PASS_CERT_FILE: text(),
  APPLE_PASS_KEY_FILE: text(),
  APPLE_PASS_KEY_PASSPHRASE: text(),
  APPLE_WWDR_CERT_FILE: text(),
  /** APNs host (and port); Wallet passes always use the production service. */
  APNS_HOST: { ...text(), default: 'api.push.apple.com' },
  /** Extra CA for APNS_HOST (tests, a proxy); Apple's own host needs none. */
  APNS_CA_FILE: text(),
  /** Client secrets of the companies' OpenID Connect providers: a folder locally (one file per company, mode 600)… */
  OIDC_SECRETS_DIR: text(),
  /** …or, in AWS, the name prefix of one Secrets Manager secret per company (`<prefix><company id>`). */
  OIDC_SECRET_PREFIX: text(),
  GOOGLE_WALLET_ISSUER_ID: text(),
  GOOGLE_WALLET_KEY_FILE: text(),
  GOOGLE_WALLET_API_URL: { ...url, default: 'https://walletobjects.googleapis.com/walletobjects/v1' },
  /** Local: folder the notification e-mails are written to as .eml files (npm start: DATA_DIR/mail). */
  MAIL_DIR: text(),
  /** AWS: sender address of the notification e-mails, an identity verified in Amazon SES; unset: no e-mails are sent. */
  MAIL_FROM: { kind: 'email' as const },
  /** Display name beside MAIL_FROM. */
  MAIL_FROM_NAME: { ...text(), default: 'Digitale Visitenkarte' },
  /** Region of the SES identity (default: AWS_REGION). */
  SES_REGION: text(),
} satisfies Record<string, Spec & { required?: true }>;

type SpecOf = typeof spec;
type ValueOf<S> = S extends { kind: 'int' } ? number : S extends { kind: 'enum'; values: readonly (infer V)[] } ? V : string;
type Required<S> = S extends { default: unknown } ? true : S extends { required: true } ? true : false;

export type Env = { [K in keyof SpecOf as Required<SpecOf[K]> extends true ? K : never]: ValueOf<SpecOf[K]> }
  & { [K in keyof SpecOf as Required<SpecOf[K]> extends true ? never : K]?: ValueOf<SpecOf[K]> };

function readVariable(name: string, s: Spec & { required?: true }, raw: string | undefined): string | number | undefined {
  const fail = (why: string): never => {
    throw new Error(`Konfiguration ungültig: ${name} ${why}`);
  };
  if (raw === undefined) {
    if (s.default !== undefined) return s.default;
    if ('required' in s && s.required) fail('fehlt');
    return undefined;
  }
  switch (s.kind) {
    case 'text':
      if (s.min && raw.length < s.min) fail(s.message ?? `muss mindestens ${s.min} Zeichen lang sein`);
      return raw;
    case 'url':
      if (!URL.canParse(raw)) fail(`ist keine gültige Adresse: ${raw}`);
      return raw;
    case 'email':
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw)) fail('muss eine E-Mail-Adresse sein (in Amazon SES bestätigt)');
      return raw;
    case 'int': {
      const n = Number(raw);
      if (!Number.isSafeInteger(n) || n < s.min) fail(`muss eine ganze Zahl ab ${s.min} sein`);
      return n;
    }
    case 'enum':
      if (!s.values.includes(raw)) fail(`muss einer der Werte ${s.values.join(', ')} sein`);
      return raw;
  }
}

function readEnv(source: NodeJS.ProcessEnv): Env {
  const out: Record<string, string | number> = {};
  for (const [name, s] of Object.entries(spec) as [string, Spec & { required?: true }][]) {
    const value = readVariable(name, s, source[name]);
    if (value !== undefined) out[name] = value;
  }
  if (Boolean(out.UPLOADS_BUCKET) === Boolean(out.UPLOADS_DIR)) {
    throw new Error('Konfiguration ungültig: Genau eine von UPLOADS_BUCKET (AWS) oder UPLOADS_DIR (lokal) muss gesetzt sein');
  }
  if (!out.AUTH_SECRET && !out.AUTH_SECRET_ARN) throw new Error('Konfiguration ungültig: AUTH_SECRET (lokal) oder AUTH_SECRET_ARN (AWS) muss gesetzt sein');
  return out as Env;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= readEnv(process.env);
  return cached;
}

let silenced: boolean | undefined;

/** LOG_LEVEL=silent turns the JSON log lines off (tests). Read apart from env(): logging must work even when the rest of the configuration is broken. */
export function logSilenced(): boolean {
  silenced ??= process.env.LOG_LEVEL === 'silent';
  return silenced;
}
