import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage, signInAs } from '../helpers/browser.ts';
import { createTenant } from '../helpers/card-fixtures.ts';
import { makeTestChain, PASS_TYPE_ID, startFakeApns, TEAM_ID } from '../helpers/wallet-fakes.ts';
import type { FakeApns } from '../helpers/wallet-fakes.ts';
import { passAuthToken } from '../../functions/lib/wallet/link-signature.ts';
import { PHONE } from './public-card-fixtures.ts';

// A card edited in the back office, as `npm start` runs it: the public card shows the change on
// the next load, and the device that installed the card's pass gets exactly one push, sent by the
// card-changed job the server runs from the table's stream (the test does not drive the job).

let s: TestServer;
let apns: FakeApns;
beforeAll(async () => {
  const chain = makeTestChain();
  apns = await startFakeApns(chain);
  Object.assign(process.env, {
    APPLE_PASS_TYPE_ID: PASS_TYPE_ID, APPLE_TEAM_ID: TEAM_ID, APPLE_PASS_CERT_FILE: chain.files.signerCert,
    APPLE_PASS_KEY_FILE: chain.files.signerKey, APPLE_WWDR_CERT_FILE: chain.files.wwdr, APNS_HOST: apns.host, APNS_CA_FILE: chain.files.root,
  });
  s = await startTestServer({ feed: { pollMs: 250 } });
}, 60_000);
afterAll(async () => { await closeBrowser(); await s.close(); await apns.close(); });

describe('a card change, end to end', () => {
  test('edit a card in the back office, reload /c/:id, see the change; the installed pass gets one push', async () => {
    const t = await createTenant(s);
    const created = await s.api('POST', '/api/card/company/person', {
      token: t.user.token, body: { companyProfilId: t.profile.id, firstname: 'Greta', lastname: 'Öztürk', position: 'Einkauf' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.id as string;
    const pushToken = randomBytes(32).toString('hex');
    const registered = await s.api('POST', `/api/wallet/passkit/v1/devices/dev${randomBytes(6).toString('hex')}/registrations/${PASS_TYPE_ID}/${id}`, {
      headers: { authorization: `ApplePass ${await passAuthToken(id)}` }, body: { pushToken },
    });
    expect(registered.status).toBe(201);

    const visitor = await openPage(PHONE);
    await visitor.page.goto(`${s.baseUrl}/c/${id}`);
    await visitor.page.getByText('Einkauf').waitFor();

    const { page } = await openPage();
    await signInAs(page, s.baseUrl, t.user);
    await page.goto(`${s.baseUrl}/v2/card/visitenkarte/edit/${id}`);
    const position = page.getByLabel('Position');
    await expect(position.inputValue()).resolves.toBe('Einkauf');
    await position.fill('Leitung Einkauf');
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes(`/api/card/company/person/${id}`));
    await page.getByRole('button', { name: 'Speichern' }).click();
    expect((await saved).status()).toBe(200);

    await visitor.page.reload();
    await visitor.page.getByText('Leitung Einkauf').waitFor();
    await expect(visitor.page.getByText('Einkauf', { exact: true }).count()).resolves.toBe(0);
    // The job runs on its own (the server polls the stream); exactly one push reaches the device.
    const pushes = () => apns.pushes.filter((p) => p.path === `/3/device/${pushToken}`).length;
    await expect.poll(pushes, { timeout: 15_000 }).toBe(1);
    await s.cardChanges.drain();
    expect(pushes()).toBe(1);
  });
});
