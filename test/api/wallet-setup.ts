import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { useTestServer } from '../helpers/server.ts';
import type { TestServer, TestServerOptions } from '../helpers/server.ts';
import type { BodyOf } from '../helpers/api-client.ts';
import { createTenant, uploadImage } from '../helpers/card-fixtures.ts';
import { makeServiceAccount, makeTestChain, PASS_TYPE_ID, startFakeApns, startFakeGoogle, TEAM_ID } from '../helpers/wallet-fakes.ts';
import type { FakeApns, FakeGoogle, TestChain } from '../helpers/wallet-fakes.ts';

// The wallet API tests' world (wallet.links / wallet.updates): a throw-away certificate chain, a
// fake APNs and a fake Google, the configuration pointing at them, and helpers bound to the server.

export const ISSUER_ID = '3388000000022222222';
export const LINK_SECRET = randomBytes(32).toString('hex');
export let chain: TestChain;
export let apns: FakeApns;
export let google: FakeGoogle;
export let sa: ReturnType<typeof makeServiceAccount>;

/** The file's server, started after the fakes and the configuration (the handlers read it once). */
export function useWalletServer(options: TestServerOptions = {}): TestServer {
  // Before the server starts: the handlers read their configuration once.
  beforeAll(async () => {
    chain = makeTestChain();
    apns = await startFakeApns(chain);
    google = await startFakeGoogle();
    sa = makeServiceAccount(chain.dir, google.tokenUrl);
    Object.assign(process.env, {
      APPLE_PASS_TYPE_ID: PASS_TYPE_ID,
      APPLE_TEAM_ID: TEAM_ID,
      APPLE_PASS_CERT_FILE: chain.files.signerCert,
      APPLE_PASS_KEY_FILE: chain.files.signerKey,
      APPLE_WWDR_CERT_FILE: chain.files.wwdr,
      APNS_HOST: apns.host,
      APNS_CA_FILE: chain.files.root,
      GOOGLE_WALLET_ISSUER_ID: ISSUER_ID,
      GOOGLE_WALLET_KEY_FILE: sa.file,
      GOOGLE_WALLET_API_URL: google.apiUrl,
      WALLET_LINK_SECRET: LINK_SECRET,
    });
  }, 60_000);
  afterAll(async () => {
    await apns?.close();
    await google?.close();
  });
  return useTestServer(options);
}

export function walletHelpers(s: TestServer) {
  const sign = (id: string) => createHmac('sha256', LINK_SECRET).update(`wallet-link:${id}`).digest('base64url');

  async function newCard(extra: Partial<BodyOf<'personCreate'>> = {}) {
    const t = await createTenant(s);
    const walletLogo = await uploadImage(s, t.user.token, t.company.id);
    const profileRes = await s.call('profileGet', { params: { id: t.profile.id }, token: t.user.token });
    const profile = profileRes.body;
    const upd = await s.call('profileUpdate', { params: { id: t.profile.id }, token: t.user.token,
      body: { ...profile, id: undefined, cardCount: undefined, companyId: undefined, createdAt: undefined, updatedAt: undefined,
        firmenname: 'Beispiel GmbH', walletLogo, settings: { ...profile.settings, applePass: { backgroundColor: '#1A2B3C', fontColor: '#FFFFFF' } } } });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const imageWallet = await uploadImage(s, t.user.token, t.company.id);
    const body: BodyOf<'personCreate'> = {
      companyProfilId: t.profile.id,
      firstname: 'Jürgen',
      lastname: 'Groß',
      position: 'Vertrieb',
      imageWallet,
      tel: [{ type: 'work', value: '+49 30 1234567' }],
      email: [{ type: 'work1', value: 'juergen@beispiel.de' }],
      social: [],
      ...extra,
    };
    const res = await s.call('personCreate', { token: t.user.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { ...t, person: res.body as { id: string; version: number }, body, walletLogo, imageWallet };
  }

  type Download = { status: number; type: string | null; disposition: string | null; bytes: Buffer };
  const asDownload = (res: { status: number; headers: Headers; bytes: Buffer }): Download =>
    ({ status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), bytes: res.bytes });
  /** The pass through its signed public link (what the QR code carries). */
  const publicPass = async (id: string, signature: string) => asDownload(await s.call('walletPkpassPublic', { params: { id, signature } }));
  /** The pass with the bearer token (the back office's download). */
  const ownPass = async (id: string, token: string) => asDownload(await s.call('walletPkpassGet', { params: { id }, token }));

  /** Unpacks a .pkpass and checks it the way Wallet does: every manifest hash, the PKCS#7 signature against the test root. */
  function verifyPass(bytes: Buffer): { entries: string[]; pass: any; dir: string; verified: boolean; files: Record<string, Buffer> } {
    const dir = mkdtempSync(join(tmpdir(), 'vk-pass-'));
    const file = join(dir, 'pass.pkpass');
    writeFileSync(file, bytes);
    const entries = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
    const files = Object.fromEntries(entries.map((e) => [e, execFileSync('unzip', ['-p', file, e], { maxBuffer: 20e6 })]));
    const manifest = JSON.parse(files['manifest.json']!.toString('utf8')) as Record<string, string>;
    for (const e of entries.filter((x) => x !== 'manifest.json' && x !== 'signature')) {
      expect(manifest[e], `manifest entry of ${e}`).toBe(createHash('sha1').update(files[e]!).digest('hex'));
    }
    expect(Object.keys(manifest).sort()).toEqual(entries.filter((x) => x !== 'manifest.json' && x !== 'signature').sort());
    writeFileSync(join(dir, 'manifest.json'), files['manifest.json']!);
    writeFileSync(join(dir, 'signature'), files.signature!);
    // Only the root is trusted: the WWDR intermediate must travel inside the signature, as Apple requires.
    const v = spawnSync('openssl', ['smime', '-verify', '-binary', '-inform', 'DER', '-in', 'signature', '-content', 'manifest.json',
      '-CAfile', chain.files.root, '-purpose', 'any', '-out', '/dev/null'], { cwd: dir, encoding: 'utf8' });
    return { entries, pass: JSON.parse(files['pass.json']!.toString('utf8')), dir, verified: v.status === 0, files };
  }
  return { sign, newCard, publicPass, ownPass, verifyPass };
}
