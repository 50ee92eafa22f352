import type { Credentials } from './sigv4.ts';

// The function's own AWS credentials. Lambda puts them in the environment (its execution role), so
// that is all a function ever reads. On a developer's machine (`npm run seed:aws` with a profile or
// SSO) the SDK's provider chain is loaded on first use: its own chunk, never part of a cold start.

let chain: (() => Promise<Credentials>) | undefined;

function fromEnvironment(): Credentials | undefined {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = process.env;
  return accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey, sessionToken } : undefined;
}

/** The credentials to sign with: from the environment, else the SDK's provider chain (which renews them itself). */
export async function awsCredentials(): Promise<Credentials> {
  const env = fromEnvironment();
  if (env) return env;
  if (!chain) {
    const { defaultProvider } = await import('@aws-sdk/credential-provider-node');
    const provider = defaultProvider();
    chain = async () => {
      const c = await provider();
      return { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey, sessionToken: c.sessionToken, expiresAt: c.expiration?.getTime() };
    };
  }
  return chain();
}
