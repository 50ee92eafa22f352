import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSPKI, jwtVerify } from 'jose';
import { PNG } from 'pngjs';
import { imageSize } from 'image-size';
import { variantFilename } from '../../shared/images.ts';
import type { UploadField } from '../../shared/schemas/upload.ts';
import { useTestServer } from '../helpers/server.ts';
import { createTenant, uploadImage } from '../helpers/card-fixtures.ts';
import { makeServiceAccount, makeTestChain, PASS_TYPE_ID, startFakeApns, startFakeGoogle, TEAM_ID } from '../helpers/wallet-fakes.ts';
import type { FakeApns, FakeGoogle, TestChain } from '../helpers/wallet-fakes.ts';
import { ISSUER_ID, LINK_SECRET, apns, chain, google, sa, useWalletServer, walletHelpers } from './wallet-setup.ts';

const s = useWalletServer();
const { sign, newCard, publicPass, ownPass, verifyPass } = walletHelpers(s);

describe('wallet signature and public links', () => {
  it('gives the card holder company a signature; another company gets 404, nobody signed out', async () => {
    const c = await newCard();
    const own = await s.call('walletSignature', { params: { userId: c.person.id }, token: c.user.token });
    expect(own.status).toBe(200);
    expect(own.body.signature).toBe(sign(c.person.id));
    const other = await createTenant(s);
    expect((await s.call('walletSignature', { params: { userId: c.person.id }, token: other.user.token })).status).toBe(404);
    expect((await s.call('walletSignature', { params: { userId: c.person.id } })).status).toBe(401);
  });

  it('serves a pass that verifies against the chain and carries the card', async () => {
    const c = await newCard();
    const res = await publicPass(c.person.id, sign(c.person.id));
    expect(res.status, res.bytes.toString('utf8').slice(0, 300)).toBe(200);
    expect(res.type).toBe('application/vnd.apple.pkpass');
    expect(res.disposition).toContain('pass.pkpass');
    const p = verifyPass(res.bytes);
    expect(p.verified).toBe(true);
    const images = ['icon', 'logo', 'thumbnail'].flatMap((n) => [`${n}.png`, `${n}@2x.png`, `${n}@3x.png`]);
    expect(p.entries).toEqual(expect.arrayContaining(['pass.json', 'manifest.json', 'signature', ...images]));
    // Apple's sizes (icon 29 pt, logo within 160x50 pt, thumbnail within 90x90 pt) at @1x/@2x/@3x,
    // real PNG bytes read back by pngjs, exactly the pass images stored at upload.
    const box = { icon: [29, 29], logo: [160, 50], thumbnail: [90, 90] } as const;
    for (const name of images) {
      const bytes = p.files[name]!;
      expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), name).toBe(true);
      const png = PNG.sync.read(bytes);
      const kind = name.split(/[.@]/)[0] as keyof typeof box;
      const scale = Number(/@(\d)x/.exec(name)?.[1] ?? 1);
      const [w, h] = box[kind].map((v) => v * scale) as [number, number];
      if (kind === 'icon') expect([png.width, png.height], name).toEqual([w, h]);
      else expect(png.width <= w && png.height <= h && (png.width === w || png.height === h), `${name}: ${png.width}x${png.height}`).toBe(true);
    }
    const stored = async (field: UploadField, f: string) => (await s.call('uploadGet', { params: { field, filename: f } })).bytes;
    expect(p.files['logo@2x.png']!.equals(await stored('walletLogo', variantFilename(c.walletLogo, { pass: 'appleLogo', scale: 2 })))).toBe(true);
    expect(p.files['thumbnail@3x.png']!.equals(await stored('imageWallet', variantFilename(c.imageWallet, { pass: 'appleThumbnail', scale: 3 })))).toBe(true);
    const pass = p.pass;
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: PASS_TYPE_ID,
      teamIdentifier: TEAM_ID,
      serialNumber: c.person.id,
      organizationName: 'Beispiel GmbH',
      backgroundColor: 'rgb(26, 43, 60)',
      foregroundColor: 'rgb(255, 255, 255)',
      webServiceURL: `${s.baseUrl}/api/wallet/passkit`,
    });
    expect(pass.authenticationToken.length).toBeGreaterThanOrEqual(16);
    expect(pass.generic.primaryFields).toEqual([expect.objectContaining({ key: 'name', value: 'Jürgen Groß' })]);
    expect(pass.generic.secondaryFields.map((f: any) => f.value)).toEqual(['Vertrieb', 'Beispiel GmbH']);
    expect(pass.generic.auxiliaryFields.map((f: any) => f.value)).toEqual(['+49 30 1234567', 'juergen@beispiel.de']);
    const barcode = pass.barcodes[0];
    expect(barcode).toMatchObject({ format: 'PKBarcodeFormatQR', message: `${s.baseUrl}/c/${c.person.id}` });
    expect(/^[\x20-\x7e]+$/.test(barcode.message)).toBe(true);
    // A manifest changed after signing no longer verifies: the check above can fail.
    writeFileSync(join(p.dir, 'manifest.json'), '{}');
    const bad = spawnSync('openssl', ['smime', '-verify', '-binary', '-inform', 'DER', '-in', 'signature', '-content', 'manifest.json',
      '-CAfile', chain.files.root, '-purpose', 'any', '-out', '/dev/null'], { cwd: p.dir });
    expect(bad.status).not.toBe(0);
  });

  it('answers 403 to a tampered signature and 404 to unknown and inactive cards; the QR codes\' links send visitors on to the QR page instead', async () => {
    const c = await newCard();
    const sig = sign(c.person.id);
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const unknown = randomUUID();
    const inactive = await newCard({ isActive: false });
    const bad = [[c.person.id, flipped], [c.person.id, `${sig}x`], [unknown, sign(unknown)], [inactive.person.id, sign(inactive.person.id)]] as const;
    // The page's data route: JSON errors the page reads (all shown the same way: not found).
    expect((await s.call('walletCard', { params: { id: c.person.id, signature: flipped } })).status).toBe(403);
    expect((await s.call('walletCard', { params: { id: c.person.id, signature: `${sig}x` } })).status).toBe(403);
    const res = await s.call('walletCard', { params: { id: unknown, signature: sign(unknown) } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Karte nicht gefunden');
    expect((await s.call('walletCard', { params: { id: inactive.person.id, signature: sign(inactive.person.id) } })).status).toBe(404);
    // The links visitors open from a QR code: never a JSON error, always on to /qr/<the same id>/<the same signature>.
    for (const kind of ['pkpass', 'googlecard']) {
      for (const [id, signature] of bad) {
        const r = await fetch(`${s.baseUrl}/api/wallet/${kind}/${id}/${signature}`, { redirect: 'manual' });
        expect(r.status, `${kind} ${id}`).toBe(303);
        expect(r.headers.get('location')).toBe(`/qr/${id}/${signature}`);
      }
    }
  });

  it('gives the QR wallet page names and both signed links', async () => {
    const c = await newCard();
    const res = await s.call('walletCard', { params: { id: c.person.id, signature: sign(c.person.id) } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: c.person.id, company: 'Beispiel GmbH', firstname: 'Jürgen', lastname: 'Groß',
      appleUrl: `${s.baseUrl}/api/wallet/pkpass/${c.person.id}/${sign(c.person.id)}`,
      googleUrl: `${s.baseUrl}/api/wallet/googlecard/${c.person.id}/${sign(c.person.id)}`,
    });
    expect(res.body.appleQr).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(res.body.googleQr).not.toBe(res.body.appleQr);
  });

  it('passes speak the profile\'s language: a profile in the-vcard-en gets English labels in a German company', async () => {
    const c = await newCard();
    const current = (await s.call('profileGet', { params: { id: c.profile.id }, token: c.user.token })).body;
    const upd = await s.call('profileUpdate', { params: { id: c.profile.id }, token: c.user.token,
      body: { ...current, id: undefined, cardCount: undefined, companyId: undefined, createdAt: undefined, updatedAt: undefined, settings: { ...current.settings, theme: 'the-vcard-en' } } });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const p = verifyPass((await publicPass(c.person.id, sign(c.person.id))).bytes);
    expect(p.pass.generic.secondaryFields.map((f: any) => f.label)).toEqual(['Position', 'Company']);
    expect(p.pass.description).toBe('Business card Jürgen Groß');
  });

  it('Systemstatus shows admins what is set up, never key material', async () => {
    const res = await s.call('systemStatus', { token: await s.adminToken() });
    expect(res.status).toBe(200);
    expect(res.body.wallet).toMatchObject({
      source: 'environment', linkKey: 'own',
      apple: { configured: true, missing: [], passTypeId: PASS_TYPE_ID, teamId: TEAM_ID },
      google: { configured: true, missing: [], issuerId: ISSUER_ID, serviceAccount: sa.clientEmail },
    });
    expect(Date.parse(res.body.wallet.apple.certificateValidUntil!)).toBeGreaterThan(Date.now());
    expect(res.body.wallet.apple.problem).toBeUndefined();
    const text = JSON.stringify(res.body);
    for (const secret of ['PRIVATE KEY', 'BEGIN CERTIFICATE', LINK_SECRET]) expect(text).not.toContain(secret);
  });
});

describe('legacy persons (admin-managed VCardCompany cards)', () => {
  it('get signed links and passes like V2 cards, their company standing in; company users cannot reach them', async () => {
    const admin = await s.adminToken();
    const company = await s.call('vcardCompanyCreate', { token: admin, body: { org: `Altfirma ${randomUUID().slice(0, 6)}`, firmenname: 'Alt & Co', plz: '12345', ort: 'Altstadt' } });
    expect(company.status, JSON.stringify(company.body)).toBe(200);
    const person = await s.call('vcardPersonCreate', { token: admin, body: { companyId: company.body.id, firstname: 'Alt', lastname: 'Eins', position: 'Chef', tel: [{ type: 'work', value: '030 123456' }] } });
    expect(person.status, JSON.stringify(person.body)).toBe(200);
    const id = person.body.id as string;
    const sig = await s.call('walletSignature', { params: { userId: id }, token: admin });
    expect(sig.body.signature).toBe(sign(id));
    const other = await createTenant(s);
    expect((await s.call('walletSignature', { params: { userId: id }, token: other.user.token })).status).toBe(404);
    const res = await publicPass(id, sign(id));
    expect(res.status).toBe(200);
    const p = verifyPass(res.bytes);
    expect(p.verified).toBe(true);
    expect(p.pass.serialNumber).toBe(id);
    expect(p.pass.generic.secondaryFields.map((f: any) => f.value)).toEqual(['Chef', 'Alt & Co']);
  });
});

describe('wallet saves in the statistics', () => {
  it('counts a downloaded pass and an opened Google link as saves; a refused link does not count', async () => {
    const c = await newCard();
    const sig = sign(c.person.id);
    expect((await publicPass(c.person.id, sig)).status).toBe(200);
    expect((await fetch(`${s.baseUrl}/api/wallet/googlecard/${c.person.id}/${sig}`, { redirect: 'manual' })).status).toBe(302);
    expect((await fetch(`${s.baseUrl}/api/wallet/pkpass/${c.person.id}/${sig.slice(2)}`, { redirect: 'manual' })).status).toBe(303);
    await s.flushViews();
    const res = await s.call('statisticCard', { params: { id: c.person.id }, token: c.user.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const days = res.body as { views: number; saves: number }[];
    expect(days.reduce((n, d) => n + d.saves, 0)).toBe(2);
    expect(days.reduce((n, d) => n + d.views, 0)).toBe(0);
  });
});

describe('signed-in wallet routes', () => {
  it('creates, then downloads the pass with the bearer token; another company gets 404', async () => {
    const c = await newCard();
    const created = await s.call('walletPkpassCreate', { params: { id: c.person.id }, token: c.user.token });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.serialNumber).toBe(c.person.id);
    const file = await ownPass(c.person.id, c.user.token);
    expect(file.status).toBe(200);
    expect(verifyPass(file.bytes).verified).toBe(true);
    const other = await createTenant(s);
    expect((await s.call('walletPkpassCreate', { params: { id: c.person.id }, token: other.user.token })).status).toBe(404);
    expect((await ownPass(c.person.id, other.user.token)).status).toBe(404);
    expect((await s.call('walletGooglecardCreate', { params: { id: c.person.id }, token: other.user.token })).status).toBe(404);
  });

  it('reports both wallets as available', async () => {
    const c = await newCard();
    const res = await s.call('walletStatus', { token: c.user.token });
    expect(res.body).toEqual({ apple: { available: true }, google: { available: true } });
  });

  it('Google: a short save link whose JWT verifies, with the object inserted through the API', async () => {
    const c = await newCard();
    const res = await s.call('walletGooglecardCreate', { params: { id: c.person.id }, token: c.user.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url: string = res.body.result;
    expect(url.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    expect(url.length).toBeLessThan(1800);
    const jwt = url.slice('https://pay.google.com/gp/v/save/'.length);
    const { payload, protectedHeader } = await jwtVerify(jwt, await importSPKI(sa.publicKeyPem, 'RS256'), { issuer: sa.clientEmail, audience: 'google' });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.typ).toBe('savetowallet');
    expect(payload.origins).toEqual([s.baseUrl]);
    const objectId = `${ISSUER_ID}.${c.person.id}`;
    expect(payload.payload).toEqual({ genericObjects: [{ id: objectId }] });
    // The token grant was signed with the same service-account key, for the token endpoint.
    const { payload: grant, protectedHeader: grantHeader } = await jwtVerify(google.assertions.at(-1)!, await importSPKI(sa.publicKeyPem, 'RS256'), { issuer: sa.clientEmail, audience: google.tokenUrl });
    expect(grantHeader.alg).toBe('RS256');
    expect(grant).toMatchObject({ scope: 'https://www.googleapis.com/auth/wallet_object.issuer' });
    const object = google.objects.get(objectId);
    expect(object).toMatchObject({
      id: objectId,
      classId: `${ISSUER_ID}.visitenkarte`,
      state: 'ACTIVE',
      cardTitle: { defaultValue: { language: 'de', value: 'Beispiel GmbH' } },
      header: { defaultValue: { language: 'de', value: 'Jürgen Groß' } },
      subheader: { defaultValue: { language: 'de', value: 'Vertrieb' } },
      barcode: { type: 'QR_CODE', value: `${s.baseUrl}/c/${c.person.id}` },
      textModulesData: [
        { id: 'tel-work', header: 'Geschäftlich', body: '+49 30 1234567' },
        { id: 'email-work1', header: 'E-Mail', body: 'juergen@beispiel.de' },
      ],
    });
    // The Apple pass's background (the profile's applePass colour), and the links module.
    expect(object.hexBackgroundColor).toBe('#1a2b3c');
    expect(object.linksModuleData.uris).toEqual([
      { id: 'link-tel-work', uri: 'tel:+49301234567', description: 'Anrufen: +49 30 1234567' },
      { id: 'link-email-work1', uri: 'mailto:juergen@beispiel.de', description: 'E-Mail schreiben: juergen@beispiel.de' },
      { id: 'link-card', uri: `${s.baseUrl}/c/${c.person.id}`, description: 'Visitenkarte öffnen' },
    ]);
    // Google loads the images from these URLs: the 660 px logo badge and the 1032x336 hero made at upload.
    expect(object.logo.sourceUri.uri).toBe(`${s.baseUrl}/api/upload/walletLogo/${variantFilename(c.walletLogo, { pass: 'googleLogo' })}`);
    expect(object.heroImage.sourceUri.uri).toBe(`${s.baseUrl}/api/upload/imageWallet/${variantFilename(c.imageWallet, { pass: 'googleHero' })}`);
    const logo = await fetch(object.logo.sourceUri.uri);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(imageSize(Buffer.from(await logo.arrayBuffer()))).toMatchObject({ type: 'png', width: 660, height: 660 });
    const hero = Buffer.from(await (await fetch(object.heroImage.sourceUri.uri)).arrayBuffer());
    expect(imageSize(hero)).toMatchObject({ width: 1032, height: 336 });
    // The public link in the QR code sends the phone on to the save page.
    const pub = await s.call('walletGooglecardPublic', { params: { id: c.person.id, signature: sign(c.person.id) } });
    expect(pub.status).toBe(302);
    expect(pub.headers.get('location')).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
  });
});
