import { env } from '../../lib/env.ts';
import { publicBaseUrl } from '../../lib/public-base-url.ts';
import { walletSetupReport } from '../../lib/wallet/config.ts';
import type { SystemStatus } from '../../../shared/schemas/system.ts';

/** `GET /api/system/status` (admins): what this installation has set up, never a secret's value. */
export async function getSystemStatus(): Promise<SystemStatus> {
  const e = env();
  const wallet = await walletSetupReport();
  const base = publicBaseUrl();
  const host = new URL(base).hostname;
  return {
    wallet: { ...wallet, linkKey: e.WALLET_LINK_SECRET || e.WALLET_LINK_SECRET_ARN ? 'own' : 'derived' },
    publicBaseUrl: { configured: Boolean(e.PUBLIC_BASE_URL), value: base, localOnly: host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.') },
    alarmEmail: e.ALARM_EMAIL ? { configured: true, value: e.ALARM_EMAIL } : { configured: false },
    version: e.APP_VERSION,
  };
}
