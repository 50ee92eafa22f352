import { awsJsonCall, isAwsError } from './call.ts';
import { awsCredentials } from './credentials.ts';
import { env } from '../env.ts';

// Secrets Manager's GetSecretValue through the small JSON-protocol caller (./call.ts), not the SDK
// client: every signed-in route reads the signing key on its cold start in AWS.

/** The secret's string (`stage` default AWSCURRENT); `undefined` when that stage does not exist (a never rotated secret has no AWSPREVIOUS). */
export async function secretString(secretId: string, stage?: 'AWSCURRENT' | 'AWSPREVIOUS'): Promise<string | undefined> {
  const service = { signingName: 'secretsmanager', targetPrefix: 'secretsmanager', jsonVersion: '1.1' as const, region: env().AWS_REGION };
  try {
    const out = await awsJsonCall<{ SecretString?: string }>(service, awsCredentials, 'GetSecretValue', { SecretId: secretId, ...(stage ? { VersionStage: stage } : {}) });
    return out.SecretString || undefined;
  } catch (err) {
    if (stage === 'AWSPREVIOUS' && isAwsError(err, 'ResourceNotFoundException')) return undefined;
    throw err;
  }
}
