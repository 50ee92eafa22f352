import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { env } from '../env.ts';
import { awsJsonCall, isAwsError } from '../aws/call.ts';
import { awsCredentials } from '../aws/credentials.ts';

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

// Secrets Manager through the small JSON-protocol caller (no SDK client on a request path).
const sm = <T>(operation: string, input: Record<string, unknown>) =>
  awsJsonCall<T>({ signingName: 'secretsmanager', targetPrefix: 'secretsmanager', jsonVersion: '1.1', region: env().AWS_REGION }, awsCredentials, operation, input);

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
    await sm('CreateSecret', { Name: name, SecretString: secret, Description: 'OpenID-Connect-Client-Geheimnis eines Unternehmens (Visitenkarten)' });
  } catch (err) {
    if (!isAwsError(err, 'ResourceExistsException')) throw err;
    await sm('PutSecretValue', { SecretId: name, SecretString: secret });
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
    const out = await sm<{ SecretString?: string }>('GetSecretValue', { SecretId: w.prefix + companyId });
    return out.SecretString || undefined;
  } catch (err) {
    if (isAwsError(err, 'ResourceNotFoundException')) return undefined;
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
    await sm('DeleteSecret', { SecretId: w.prefix + companyId, ForceDeleteWithoutRecovery: true });
  } catch (err) {
    if (!isAwsError(err, 'ResourceNotFoundException')) throw err;
  }
}
