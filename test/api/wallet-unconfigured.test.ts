import { describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/server.ts';
import { createTenant } from '../helpers/card-fixtures.ts';

// A server without any wallet configuration: everything else works, the wallet routes say so in
// plain German (503) without configuration names, admins see what is missing on Systemstatus, and
// permissions are still checked first.
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
  it('tells users only that a wallet is not set up; admins see what is missing on Systemstatus', async () => {
    const c = await card();
    const status = await s.call('walletStatus', { token: c.user.token });
    expect(status.body).toEqual({ apple: { available: false }, google: { available: false } });
    // Company users never read configuration names (issue 23).
    const apple = await s.call('walletPkpassCreate', { params: { id: c.person.id }, token: c.user.token });
    expect(apple.status).toBe(503);
    expect(apple.body.message).toBe('Apple Wallet ist auf diesem Server noch nicht eingerichtet. Bitte wenden Sie sich an Ihren Administrator.');
    const googleRes = await s.call('walletGooglecardCreate', { params: { id: c.person.id }, token: c.user.token });
    expect(googleRes.status).toBe(503);
    for (const res of [status, apple, googleRes]) expect(JSON.stringify(res.body)).not.toMatch(/APPLE_|GOOGLE_|_FILE|WALLET_/);

    // The admins' Systemstatus names it.
    const system = await s.call('systemStatus', { token: await s.adminToken() });
    expect(system.status).toBe(200);
    expect(system.body.wallet).toMatchObject({
      source: 'environment',
      apple: { configured: false, missing: ['APPLE_PASS_TYPE_ID', 'APPLE_TEAM_ID', 'APPLE_PASS_CERT_FILE', 'APPLE_PASS_KEY_FILE', 'APPLE_WWDR_CERT_FILE'] },
      google: { configured: false, missing: ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_KEY_FILE'] },
      linkKey: 'derived',
    });
    expect(system.body.publicBaseUrl).toEqual({ configured: true, value: s.baseUrl, localOnly: true });
    expect(system.body.alarmEmail).toEqual({ configured: false });
    expect((await s.call('systemStatus', { token: c.user.token })).status).toBe(403);

    // The QR page gets neither wallet's link; the links from a printed QR code lead to that page.
    const sig = (await s.call('walletSignature', { params: { userId: c.person.id }, token: c.user.token })).body.signature as string;
    const page = await s.call('walletCard', { params: { id: c.person.id, signature: sig } });
    expect(page.status).toBe(200);
    expect(page.body).not.toHaveProperty('appleUrl');
    expect(page.body).not.toHaveProperty('googleQr');
    for (const [path, to] of [
      [`/api/wallet/pkpass/${c.person.id}/${sig}`, `/qr/${c.person.id}/${sig}`],
      [`/api/wallet/googlecard/${c.person.id}/${sig}`, `/qr/${c.person.id}/${sig}`],
      [`/api/wallet/pkpass/${c.person.id}/${sig.slice(1)}`, `/qr/${c.person.id}/${sig.slice(1)}`],
    ]) {
      const res = await fetch(s.baseUrl + path!, { redirect: 'manual' });
      expect(res.status, path).toBe(303);
      expect(res.headers.get('location'), path).toBe(to);
      expect(await res.text()).toBe('');
    }
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
