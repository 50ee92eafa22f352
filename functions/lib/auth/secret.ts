import { secretString } from '../aws/secrets.ts';
import { env } from '../env.ts';

let secret: Promise<Uint8Array> | undefined;

/** The token signing key: AUTH_SECRET locally, the Secrets Manager secret in AWS (read once per container). */
export function authSecret(): Promise<Uint8Array> {
  secret ??= (async () => {
    const e = env();
    if (e.AUTH_SECRET) return new TextEncoder().encode(e.AUTH_SECRET);
    const value = await secretString(e.AUTH_SECRET_ARN!);
    if (!value || value.length < 32) throw new Error('Das Signaturgeheimnis in AUTH_SECRET_ARN ist leer oder zu kurz');
    return new TextEncoder().encode(value);
  })();
  return secret;
}
