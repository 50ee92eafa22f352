import { createHash, timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { env } from '../env.ts';
import { ForbiddenError } from '../errors.ts';
import { log } from '../log.ts';
import { secretString } from '../aws/secrets.ts';
import { ORIGIN_SECRET_HEADER } from '../../../shared/edge-functions.ts';

/** How long a container trusts the secret values it read; a rotation reaches every container within this. */
const REFRESH_MS = 5 * 60 * 1000;

let cached: { values: string[]; at: number } | undefined;

/**
 * The values CloudFront may send: ORIGIN_SECRET directly (tests), or the Secrets Manager secret's
 * current and previous version (AWS; the previous one keeps requests working while a rotation
 * reaches CloudFront). `null`: no origin secret configured (locally), nothing is required.
 */
async function acceptedSecrets(): Promise<string[] | null> {
  const e = env();
  if (e.ORIGIN_SECRET) return [e.ORIGIN_SECRET];
  if (!e.ORIGIN_SECRET_ARN) return null;
  if (cached && Date.now() - cached.at < REFRESH_MS) return cached.values;
  const arn = e.ORIGIN_SECRET_ARN;
  const values = (await Promise.all([secretString(arn, 'AWSCURRENT'), secretString(arn, 'AWSPREVIOUS')])).filter((v): v is string => Boolean(v));
  cached = { values, at: Date.now() };
  return values;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Constant time in the given value (digests of equal length), and every accepted value is compared. */
export function matchesOriginSecret(given: string | undefined, accepted: readonly string[]): boolean {
  const g = digest(given ?? '');
  let ok = false;
  for (const a of accepted) ok = timingSafeEqual(g, digest(a)) || ok;
  return ok && given !== undefined && given !== '';
}

/**
 * Requests that did not come through CloudFront (the execute-api URL called directly) are refused:
 * only then can the visitor address CloudFront sets (x-viewer-address) be trusted.
 */
export async function requireOrigin(event: APIGatewayProxyEventV2): Promise<void> {
  const accepted = await acceptedSecrets();
  if (accepted === null) return;
  if (matchesOriginSecret(event.headers?.[ORIGIN_SECRET_HEADER], accepted)) return;
  log('warn', 'request without the CloudFront origin header refused (called the API directly?)', {
    requestId: event.requestContext?.requestId,
    routeKey: event.routeKey,
  });
  throw new ForbiddenError();
}
