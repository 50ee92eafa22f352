import { readFile } from 'node:fs/promises';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { secretString } from '../aws/secrets.ts';
import { env } from '../env.ts';
import { UnavailableError } from '../errors.ts';
import { walletMessages } from '../../../shared/messages/wallet.ts';
import { log } from '../log.ts';

// Wallet configuration: locally the APPLE_* / GOOGLE_* variables (each *_FILE a path), in AWS one
// Secrets Manager JSON secret (WALLET_CONFIG_SECRET_ARN) whose keys are the same names without
// `_FILE`, holding the file contents. Read once per container. What is missing is reported by
// name, so the 503 and the UI can say exactly what the operator has to add; a missing part is
// looked up again after a few minutes, so a filled-in secret needs no redeploy.

export interface AppleConfig {
  passTypeId: string;
  teamId: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase: string | undefined;
  wwdr: string;
  apnsHost: string;
  apnsCa: string | undefined;
}

export interface GoogleServiceAccount {
  client_email: string;
  private_key: string;
  token_uri: string;
}

export interface GoogleConfig {
  issuerId: string;
  serviceAccount: GoogleServiceAccount;
  apiUrl: string;
}

export type Configured<T> = { ok: true; config: T } | { ok: false; missing: string[] };

interface Raw {
  get(name: string): Promise<string | undefined>;
  /** How a missing value is named to the operator. */
  label(name: string): string;
}

async function readOptionalFile(path: string | undefined): Promise<string | undefined> {
  if (!path) return undefined;
  try {
    const text = await readFile(path, 'utf8');
    return text.trim() ? text : undefined;
  } catch {
    return undefined;
  }
}

/** `APPLE_PASS_CERT` is read from the file `APPLE_PASS_CERT_FILE` locally, from the secret's key in AWS. */
async function source(): Promise<Raw> {
  const e = env();
  if (e.WALLET_CONFIG_SECRET_ARN) {
    let values: Record<string, unknown> = {};
    try {
      values = JSON.parse((await secretString(e.WALLET_CONFIG_SECRET_ARN)) ?? '{}') as Record<string, unknown>;
    } catch {
      values = {};
    }
    return {
      get: async (name) => (typeof values[name] === 'string' && (values[name] as string).trim() ? (values[name] as string) : undefined),
      label: (name) => `${name} (Secret ${e.WALLET_CONFIG_SECRET_ARN!.split(':').pop()})`,
    };
  }
  const plain: Record<string, string | undefined> = {
    APPLE_PASS_TYPE_ID: e.APPLE_PASS_TYPE_ID,
    APPLE_TEAM_ID: e.APPLE_TEAM_ID,
    APPLE_PASS_KEY_PASSPHRASE: e.APPLE_PASS_KEY_PASSPHRASE,
    GOOGLE_WALLET_ISSUER_ID: e.GOOGLE_WALLET_ISSUER_ID,
  };
  const files: Record<string, string | undefined> = {
    APPLE_PASS_CERT: e.APPLE_PASS_CERT_FILE,
    APPLE_PASS_KEY: e.APPLE_PASS_KEY_FILE,
    APPLE_WWDR_CERT: e.APPLE_WWDR_CERT_FILE,
    GOOGLE_WALLET_KEY: e.GOOGLE_WALLET_KEY_FILE,
  };
  return {
    get: async (name) => (name in files ? readOptionalFile(files[name]) : plain[name]?.trim() || undefined),
    label: (name) => (name in files ? `${name}_FILE` : name),
  };
}

async function loadApple(): Promise<Configured<AppleConfig>> {
  const raw = await source();
  const names = ['APPLE_PASS_TYPE_ID', 'APPLE_TEAM_ID', 'APPLE_PASS_CERT', 'APPLE_PASS_KEY', 'APPLE_WWDR_CERT'] as const;
  const values = await Promise.all(names.map((n) => raw.get(n)));
  const missing = names.filter((_, i) => !values[i]).map((n) => raw.label(n));
  if (missing.length) return { ok: false, missing };
  const [passTypeId, teamId, signerCert, signerKey, wwdr] = values as string[];
  return {
    ok: true,
    config: {
      passTypeId: passTypeId!,
      teamId: teamId!,
      signerCert: signerCert!,
      signerKey: signerKey!,
      signerKeyPassphrase: await raw.get('APPLE_PASS_KEY_PASSPHRASE'),
      wwdr: wwdr!,
      apnsHost: env().APNS_HOST,
      apnsCa: await readOptionalFile(env().APNS_CA_FILE),
    },
  };
}

function parseServiceAccount(text: string): GoogleServiceAccount | undefined {
  try {
    const j = JSON.parse(text) as Partial<GoogleServiceAccount>;
    if (typeof j.client_email !== 'string' || typeof j.private_key !== 'string') return undefined;
    return { client_email: j.client_email, private_key: j.private_key, token_uri: typeof j.token_uri === 'string' ? j.token_uri : 'https://oauth2.googleapis.com/token' };
  } catch {
    return undefined;
  }
}

async function loadGoogle(): Promise<Configured<GoogleConfig>> {
  const raw = await source();
  const issuerId = await raw.get('GOOGLE_WALLET_ISSUER_ID');
  const keyText = await raw.get('GOOGLE_WALLET_KEY');
  const serviceAccount = keyText ? parseServiceAccount(keyText) : undefined;
  const missing = [
    ...(issuerId ? [] : [raw.label('GOOGLE_WALLET_ISSUER_ID')]),
    ...(serviceAccount ? [] : [keyText ? `${raw.label('GOOGLE_WALLET_KEY')} (kein Dienstkonto-JSON mit client_email und private_key)` : raw.label('GOOGLE_WALLET_KEY')]),
  ];
  if (missing.length) return { ok: false, missing };
  return { ok: true, config: { issuerId: issuerId!, serviceAccount: serviceAccount!, apiUrl: env().GOOGLE_WALLET_API_URL.replace(/\/$/, '') } };
}

/** A missing configuration is looked up again after this long: the operator may have filled the secret since. */
const RETRY_MISSING_MS = 5 * 60 * 1000;

interface Cached<T> { value: Promise<Configured<T>>; at: number }
let apple: Cached<AppleConfig> | undefined;
let google: Cached<GoogleConfig> | undefined;

async function stale<T>(c: Cached<T> | undefined): Promise<boolean> {
  return !c || (!(await c.value).ok && Date.now() - c.at > RETRY_MISSING_MS);
}

export async function appleConfig(): Promise<Configured<AppleConfig>> {
  if (await stale(apple)) apple = { value: loadApple(), at: Date.now() };
  return apple!.value;
}

export async function googleConfig(): Promise<Configured<GoogleConfig>> {
  if (await stale(google)) google = { value: loadGoogle(), at: Date.now() };
  return google!.value;
}

/**
 * The Apple configuration, or a 503 in plain German. What is missing goes to the log and to the
 * admins' Systemstatus screen, never to the caller (issue 23: no configuration names for users).
 */
export async function requireAppleConfig(): Promise<AppleConfig> {
  const c = await appleConfig();
  if (!c.ok) {
    log('warn', 'Apple Wallet is not configured: see Systemstatus (admin) or README, Wallet passes', { missing: c.missing });
    throw new UnavailableError(walletMessages.errors.appleUnavailable);
  }
  return c.config;
}

export async function requireGoogleConfig(): Promise<GoogleConfig> {
  const c = await googleConfig();
  if (!c.ok) {
    log('warn', 'Google Wallet is not configured: see Systemstatus (admin) or README, Wallet passes', { missing: c.missing });
    throw new UnavailableError(walletMessages.errors.googleUnavailable);
  }
  return c.config;
}

/** What an admin may see of the wallet setup: names of what is missing and public identifiers, never key material. */
export interface WalletSetupReport {
  source: 'environment' | 'secret';
  apple: { configured: boolean; missing: string[]; passTypeId?: string; teamId?: string; certificateValidUntil?: string; problem?: string };
  google: { configured: boolean; missing: string[]; issuerId?: string; serviceAccount?: string };
}

/** The Apple certificate's end of validity, or a problem in German (unreadable, expired, key does not fit). */
function certificateCheck(c: AppleConfig): { certificateValidUntil?: string; problem?: string } {
  try {
    const cert = new X509Certificate(c.signerCert);
    const validUntil = new Date(cert.validTo).toISOString();
    const key = createPrivateKey({ key: c.signerKey, ...(c.signerKeyPassphrase ? { passphrase: c.signerKeyPassphrase } : {}) });
    if (!cert.checkPrivateKey(key)) return { certificateValidUntil: validUntil, problem: 'Der Schlüssel passt nicht zum Zertifikat.' };
    if (Date.parse(validUntil) < Date.now()) return { certificateValidUntil: validUntil, problem: 'Das Zertifikat ist abgelaufen.' };
    return { certificateValidUntil: validUntil };
  } catch {
    return { problem: 'Zertifikat oder Schlüssel lassen sich nicht lesen (PEM erwartet).' };
  }
}

export async function walletSetupReport(): Promise<WalletSetupReport> {
  const [a, g] = await Promise.all([appleConfig(), googleConfig()]);
  return {
    source: env().WALLET_CONFIG_SECRET_ARN ? 'secret' : 'environment',
    apple: a.ok
      ? { configured: true, missing: [], passTypeId: a.config.passTypeId, teamId: a.config.teamId, ...certificateCheck(a.config) }
      : { configured: false, missing: a.missing },
    google: g.ok
      ? { configured: true, missing: [], issuerId: g.config.issuerId, serviceAccount: g.config.serviceAccount.client_email }
      : { configured: false, missing: g.missing },
  };
}
