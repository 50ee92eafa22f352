import { connect } from 'node:http2';
import type { AppleConfig } from './config.ts';
import { log } from '../log.ts';

export interface PushResult {
  pushToken: string;
  status: number;
}

/**
 * Tells devices that a pass changed: one HTTP/2 POST per push token to APNs, authenticated with
 * the pass certificate, topic = pass type id, empty JSON payload (Wallet then asks the web service
 * for the changed serials). 410 means the device is gone; the caller drops that registration.
 */
export async function pushPassUpdates(config: AppleConfig, pushTokens: string[]): Promise<PushResult[]> {
  if (!pushTokens.length) return [];
  const session = connect(`https://${config.apnsHost}`, {
    cert: config.signerCert,
    key: config.signerKey,
    ...(config.signerKeyPassphrase ? { passphrase: config.signerKeyPassphrase } : {}),
    ...(config.apnsCa ? { ca: config.apnsCa } : {}),
  });
  const failure = new Promise<never>((_, reject) => session.once('error', reject));
  failure.catch(() => undefined);
  try {
    return await Promise.all(pushTokens.map((pushToken) => Promise.race([failure, new Promise<PushResult>((resolve, reject) => {
      const req = session.request({
        ':method': 'POST',
        ':path': `/3/device/${encodeURIComponent(pushToken)}`,
        'apns-topic': config.passTypeId,
        'content-type': 'application/json',
      });
      let status = 0;
      req.on('response', (headers) => { status = Number(headers[':status']); });
      req.on('error', reject);
      req.resume();
      req.on('end', () => resolve({ pushToken, status }));
      req.setTimeout(10_000, () => req.close());
      req.end('{}');
    })])));
  } catch (err) {
    log('error', 'apns push failed: check APNS_HOST and the pass certificate', { error: err instanceof Error ? err.message : String(err) });
    return pushTokens.map((pushToken) => ({ pushToken, status: 0 }));
  } finally {
    session.close();
  }
}
