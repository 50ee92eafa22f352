import { ensureTable } from './table.ts';
import { ensureInitialData } from '../domain/setup/ensure-initial-data.ts';
import type { InitialDataResult } from '../domain/setup/ensure-initial-data.ts';

export interface LocalConfig {
  endpoint: string;
  tableName: string;
  uploadsDir: string;
  authSecret: string;
  adminUsername: string;
  adminPassword?: string | undefined;
  /** Folder of the companies' OpenID client secrets (one file each); default `<uploadsDir>-secrets`. */
  secretsDir?: string | undefined;
  /** Where this server is reached (QR codes, vCard); sets PUBLIC_BASE_URL. */
  publicBaseUrl?: string | undefined;
  /** Folder the notification e-mails are written to as .eml files (sets MAIL_DIR). */
  mailDir?: string | undefined;
}

/**
 * Points the handlers at local resources (the same variables Lambda gets from CDK) and makes
 * sure the table and the first admin exist. Must run before the first handler is called.
 */
export async function prepareLocal(c: LocalConfig): Promise<InitialDataResult> {
  process.env.TABLE_NAME = c.tableName;
  process.env.DYNAMODB_ENDPOINT = c.endpoint;
  process.env.UPLOADS_DIR = c.uploadsDir;
  process.env.AUTH_SECRET = c.authSecret;
  process.env.OIDC_SECRETS_DIR = c.secretsDir ?? `${c.uploadsDir}-secrets`;
  delete process.env.OIDC_SECRET_PREFIX;
  if (c.publicBaseUrl) process.env.PUBLIC_BASE_URL = c.publicBaseUrl;
  if (c.mailDir) process.env.MAIL_DIR = c.mailDir;
  delete process.env.UPLOADS_BUCKET;
  await ensureTable({ endpoint: c.endpoint, tableName: c.tableName });
  return ensureInitialData({ adminUsername: c.adminUsername, adminPassword: c.adminPassword });
}
