import { describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/server.ts';
import { createTenant } from '../helpers/card-fixtures.ts';

// A server without any wallet configuration: everything else works, the wallet routes say
// exactly what is missing (503), and permissions are still checked first.
for (const name of ['APPLE_PASS_TYPE_ID', 'APPLE_TEAM_ID', 'APPLE_PASS_CERT_FILE', 'APPLE_PASS_KEY_FILE', 'APPLE_WWDR_CERT_FILE',
  'GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_KEY_FILE', 'WALLET_CONFIG_SECRET_ARN', 'WALLET_LINK_SECRET']) delete process.env[name];

const s = useTestServer();

async function card() {
  const t = await createTenant(s);
  const res = await s.call('personCreate', { token: t.user.token,
    body: { companyProfilId: t.profile.id, firstname: 'Ohne', lastname: 'Wallet', tel: [], email: [], social: [] } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...t, person: res.body as { id: string; version: number } };
}

describe('wallet without configuration', () => {
  it('names what is missing in the status and in a German 503', async () => {
    const c = await card();
    const status = await s.call('walletStatus', { token: c.user.token });
    expect(status.body).toEqual({
      apple: { available: false, missing: ['APPLE_PASS_TYPE_ID', 'APPLE_TEAM_ID', 'APPLE_PASS_CERT_FILE', 'APPLE_PASS_KEY_FILE', 'APPLE_WWDR_CERT_FILE'] },
      google: { available: false, missing: ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_KEY_FILE'] },
    });
    const apple = await s.call('walletPkpassCreate', { params: { id: c.person.id }, token: c.user.token });
    expect(apple.status).toBe(503);
    expect(apple.body.message).toBe('Apple Wallet ist auf diesem Server nicht eingerichtet (es fehlt: APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, '
      + 'APPLE_PASS_CERT_FILE, APPLE_PASS_KEY_FILE, APPLE_WWDR_CERT_FILE). Bitte wenden Sie sich an den Betreiber.');
    const googleRes = await s.call('walletGooglecardCreate', { params: { id: c.person.id }, token: c.user.token });
    expect(googleRes.status).toBe(503);
    expect(googleRes.body.message).toContain('GOOGLE_WALLET_KEY_FILE');

    // The signed links and the QR page data work without wallet configuration.
    const sig = (await s.call('walletSignature', { params: { userId: c.person.id }, token: c.user.token })).body.signature as string;
    expect((await s.call('walletCard', { params: { id: c.person.id, signature: sig } })).status).toBe(200);
    expect((await s.call('walletPkpassPublic', { params: { id: c.person.id, signature: sig } })).status).toBe(503);
    expect((await s.call('walletPkpassPublic', { params: { id: c.person.id, signature: sig.slice(1) } })).status).toBe(403);
  });

  it('checks the company before the configuration, and card edits do not need a wallet', async () => {
    const c = await card();
    const other = await createTenant(s);
    expect((await s.call('walletPkpassCreate', { params: { id: c.person.id }, token: other.user.token })).status).toBe(404);
    expect((await s.call('walletGooglecardCreate', { params: { id: c.person.id }, token: other.user.token })).status).toBe(404);
    const edit = await s.call('personUpdate', { params: { id: c.person.id }, token: c.user.token,
      body: { companyProfilId: c.profile.id, firstname: 'Ohne', lastname: 'Wallet', position: 'Neu', tel: [], email: [], social: [], version: c.person.version } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await s.call('personDelete', { params: { id: c.person.id }, token: c.user.token })).status).toBe(200);
  });
});
