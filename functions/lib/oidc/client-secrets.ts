import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CreateSecretCommand, DeleteSecretCommand, GetSecretValueCommand, PutSecretValueCommand, ResourceExistsException,
  ResourceNotFoundException, SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { env } from '../env.ts';

// The client secrets of the companies' OpenID providers: never in the table, never in an answer.
// Locally one file per company (mode 600) under OIDC_SECRETS_DIR; in AWS one Secrets Manager secret
// per company named OIDC_SECRET_PREFIX + company id (the functions are granted that prefix only).

const SAFE_ID = /^[A-Za-z0-9-]{1,64}$/;

function checkId(companyId: string): void {
  // Ids become file and secret names: never a path.
  if (!SAFE_ID.test(companyId)) throw new Error(`Ungültige Unternehmens-ID für ein Client-Geheimnis: ${companyId}`);
}

function where(): { dir: string } | { prefix: string } {
  const e = env();
  if (e.OIDC_SECRETS_DIR) return { dir: e.OIDC_SECRETS_DIR };
  if (e.OIDC_SECRET_PREFIX) return { prefix: e.OIDC_SECRET_PREFIX };
  throw new Error('Für Client-Geheimnisse fehlt OIDC_SECRETS_DIR (lokal) oder OIDC_SECRET_PREFIX (AWS).');
}

let client: SecretsManagerClient | undefined;
const sm = () => (client ??= new SecretsManagerClient({ region: env().AWS_REGION }));

export async function putClientSecret(companyId: string, secret: string): Promise<void> {
  checkId(companyId);
  const w = where();
  if ('dir' in w) {
    await mkdir(w.dir, { recursive: true, mode: 0o700 });
    const file = join(w.dir, companyId);
    await writeFile(file, secret, { mode: 0o600 });
    await chmod(file, 0o600);
    return;
  }
  const name = w.prefix + companyId;
  try {
    await sm().send(new CreateSecretCommand({ Name: name, SecretString: secret, Description: 'OpenID-Connect-Client-Geheimnis eines Unternehmens (Visitenkarten)' }));
  } catch (err) {
    if (!(err instanceof ResourceExistsException)) throw err;
    await sm().send(new PutSecretValueCommand({ SecretId: name, SecretString: secret }));
  }
}

export async function getClientSecret(companyId: string): Promise<string | undefined> {
  checkId(companyId);
  const w = where();
  if ('dir' in w) {
    try {
      return await readFile(join(w.dir, companyId), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }
  try {
    const out = await sm().send(new GetSecretValueCommand({ SecretId: w.prefix + companyId }));
    return out.SecretString || undefined;
  } catch (err) {
    if (err instanceof ResourceNotFoundException) return undefined;
    throw err;
  }
}

export async function deleteClientSecret(companyId: string): Promise<void> {
  checkId(companyId);
  // Nothing configured: nothing can have been stored (the company delete calls this for every company).
  if (!env().OIDC_SECRETS_DIR && !env().OIDC_SECRET_PREFIX) return;
  const w = where();
  if ('dir' in w) {
    await rm(join(w.dir, companyId), { force: true });
    return;
  }
  try {
    await sm().send(new DeleteSecretCommand({ SecretId: w.prefix + companyId, ForceDeleteWithoutRecovery: true }));
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException)) throw err;
  }
}
