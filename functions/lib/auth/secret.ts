import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { env } from '../env.ts';

let secret: Promise<Uint8Array> | undefined;

/** The token signing key: AUTH_SECRET locally, the Secrets Manager secret in AWS (read once per container). */
export function authSecret(): Promise<Uint8Array> {
  secret ??= (async () => {
    const e = env();
    if (e.AUTH_SECRET) return new TextEncoder().encode(e.AUTH_SECRET);
    const out = await new SecretsManagerClient({ region: e.AWS_REGION }).send(
      new GetSecretValueCommand({ SecretId: e.AUTH_SECRET_ARN }),
    );
    if (!out.SecretString || out.SecretString.length < 32) throw new Error('Das Signaturgeheimnis in AUTH_SECRET_ARN ist leer oder zu kurz');
    return new TextEncoder().encode(out.SecretString);
  })();
  return secret;
}
