import { connect } from 'node:http2';
import type { AppleConfig } from './config.ts';
import { log } from '../log.ts';

export interface PushResult {
  pushToken: string;
  /** HTTP status APNs answered; 0 when no answer came (connection failed, timed out). */
  status: number;
  /** APNs' reason for a refusal (`BadDeviceToken`, `Unregistered`, `TooManyRequests` …). */
  reason?: string;
}

/** Pushes in flight on one connection at once: APNs allows many streams, but not unbounded (rate limit). */
export const APNS_MAX_IN_FLIGHT = 100;

const PUSH_TIMEOUT_MS = 10_000;

/**
 * Tells devices that a pass changed: one HTTP/2 POST per push token to APNs, authenticated with
 * the pass certificate, topic = pass type id, empty JSON payload (Wallet then asks the web service
 * for the changed serials). At most APNS_MAX_IN_FLIGHT at once. Every token gets a result: the
 * caller retries what failed for now (0, 429, 5xx) and drops what APNs refuses for good (400
 * BadDeviceToken, 410).
 */
export async function pushPassUpdates(config: AppleConfig, pushTokens: string[]): Promise<PushResult[]> {
  if (!pushTokens.length) return [];
  const session = connect(`https://${config.apnsHost}`, {
    cert: config.signerCert,
    key: config.signerKey,
    ...(config.signerKeyPassphrase ? { passphrase: config.signerKeyPassphrase } : {}),
    ...(config.apnsCa ? { ca: config.apnsCa } : {}),
  });
  let sessionError: Error | undefined;
  session.on('error', (err) => { sessionError = err; });
  const pushOne = (pushToken: string) => new Promise<PushResult>((resolve) => {
    if (sessionError || session.destroyed) return resolve({ pushToken, status: 0 });
    let status = 0;
    let body = '';
    let req;
    try {
      req = session.request({
        ':method': 'POST',
        ':path': `/3/device/${encodeURIComponent(pushToken)}`,
        'apns-topic': config.passTypeId,
        'content-type': 'application/json',
      });
    } catch {
      return resolve({ pushToken, status: 0 });
    }
    req.setEncoding('utf8');
    req.on('response', (headers) => { status = Number(headers[':status']); });
    req.on('data', (chunk: string) => { body += chunk; });
    req.on('error', () => resolve({ pushToken, status: 0 }));
    req.on('close', () => {
      let reason: string | undefined;
      try {
        reason = body ? (JSON.parse(body) as { reason?: string }).reason : undefined;
      } catch { /* a body that is no JSON carries no reason */ }
      resolve({ pushToken, status, ...(reason ? { reason } : {}) });
    });
    req.setTimeout(PUSH_TIMEOUT_MS, () => req.close());
    req.end('{}');
  });
  try {
    const results: PushResult[] = new Array(pushTokens.length);
    let next = 0;
    const worker = async () => {
      while (next < pushTokens.length) {
        const i = next++;
        results[i] = await pushOne(pushTokens[i]!);
      }
    };
    await Promise.all(Array.from({ length: Math.min(APNS_MAX_IN_FLIGHT, pushTokens.length) }, worker));
    if (sessionError) log('error', 'apns connection failed: check APNS_HOST and the pass certificate', { error: sessionError.message });
    return results;
  } finally {
    session.close();
  }
}
