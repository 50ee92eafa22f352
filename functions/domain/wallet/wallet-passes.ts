import type { AuthUser } from '../../lib/auth/session.ts';
import { fileResult } from '../../lib/http.ts';
import type { FileResult } from '../../lib/http.ts';
import { appleConfig, googleConfig, requireAppleConfig, requireGoogleConfig } from '../../lib/wallet/config.ts';
import { walletSignatureOf } from '../../lib/wallet/link-signature.ts';
import type { WalletCard as WalletCardData, WalletStatus } from '../../../shared/schemas/wallet.ts';
import { rememberGoogleObject } from './pass-registrations.ts';
import { ownWalletCard, signedWalletCard } from './wallet-card.ts';
import { publicBaseUrl } from '../../lib/public-base-url.ts';
import type { WalletCard } from './wallet-card.ts';
import { PKPASS_TYPE } from './pkpass-type.ts';
import { cardPass } from './stored-pass.ts';
import { themeLanguage } from '../../../shared/card/themes.ts';

// The pass builders (passkit-generator with node-forge and joi, the Google client, qrcode) are
// imported where a pass or QR code is made: the signature, the status and the other wallet routes
// of the same function never load them (test/bench/cold-start.bench.ts). An Apple pass is served
// from storage while current (stored-pass.ts); passkit-generator loads only to build a new one.

/** `GET /api/wallet/signature/{userId}`: the HMAC the card's public wallet links carry. */
export async function getWalletSignature(o: { auth: AuthUser; personId: string }): Promise<{ signature: string }> {
  const card = await ownWalletCard(o.auth, o.personId);
  return { signature: await walletSignatureOf(card.id) };
}

export async function getWalletStatus(): Promise<WalletStatus> {
  const [apple, google] = await Promise.all([appleConfig(), googleConfig()]);
  return {
    apple: { available: apple.ok },
    google: { available: google.ok },
  };
}

function pkpassFile(pass: Buffer): FileResult {
  return fileResult(PKPASS_TYPE, pass, { 'content-disposition': 'attachment; filename="pass.pkpass"', 'cache-control': 'no-store' });
}

async function applePass(card: WalletCard): Promise<Buffer> {
  // Permission and existence first: another company's card is a 404 even on a server without certificates.
  const config = await requireAppleConfig();
  return cardPass({ card, config, baseUrl: publicBaseUrl(), voided: !card.person.isActive });
}

/** `POST /api/wallet/pkpass/{id}`: builds (and so checks) the pass before the web app downloads it. */
export async function createPkpass(o: { auth: AuthUser; personId: string }): Promise<{ serialNumber: string }> {
  const card = await ownWalletCard(o.auth, o.personId);
  await applePass(card);
  return { serialNumber: card.id };
}

export async function getPkpass(o: { auth: AuthUser; personId: string }): Promise<FileResult> {
  return pkpassFile(await applePass(await ownWalletCard(o.auth, o.personId)));
}

export async function publicPkpass(o: { personId: string; signature: string }): Promise<FileResult> {
  return pkpassFile(await applePass(await signedWalletCard(o.personId, o.signature)));
}

async function saveUrl(card: WalletCard): Promise<string> {
  const config = await requireGoogleConfig();
  const baseUrl = publicBaseUrl();
  const { googleSaveUrl } = await import('./google-pass.ts');
  const url = await googleSaveUrl({ config, card, baseUrl });
  await rememberGoogleObject({ personId: card.id, companyId: card.person.companyId, profileId: card.person.companyProfilId, baseUrl });
  return url;
}

/** `POST /api/wallet/googlecard/{id}`: `result` is the save link the web app opens. */
export async function createGooglecard(o: { auth: AuthUser; personId: string }): Promise<{ result: string }> {
  return { result: await saveUrl(await ownWalletCard(o.auth, o.personId)) };
}

/** The public link in the QR code: straight on to Google's save page. */
export async function publicGooglecard(o: { personId: string; signature: string }): Promise<FileResult> {
  const url = await saveUrl(await signedWalletCard(o.personId, o.signature));
  return { kind: 'file', statusCode: 302, contentType: 'text/plain; charset=utf-8', body: url, headers: { location: url, 'cache-control': 'no-store' } };
}

/** Data of the public QR wallet page: only the wallets that work here get a link and a QR code. */
export async function getWalletCardPage(o: { personId: string; signature: string }): Promise<WalletCardData> {
  const card = await signedWalletCard(o.personId, o.signature);
  const base = publicBaseUrl();
  const path = `${encodeURIComponent(card.id)}/${encodeURIComponent(o.signature)}`;
  const legal = Object.fromEntries(card.content.legal.map((l) => [l.key, l.href]));
  const [apple, google] = await Promise.all([appleConfig(), googleConfig()]);
  const { qrSvg } = await import('../../lib/qr-code.ts');
  const link = async (ok: boolean, kind: 'apple' | 'google', url: string) =>
    (ok ? { [`${kind}Url`]: url, [`${kind}Qr`]: await qrSvg(url, { width: 256 }) } : {});
  const fixedLang = themeLanguage(card.cardProfile?.settings.theme);
  return {
    id: card.id,
    ...(card.content.company ? { company: card.content.company } : {}),
    firstname: card.content.firstname,
    lastname: card.content.lastname,
    ...(card.content.logoFile ? { logo: card.content.logoFile } : {}),
    color: card.content.colors.band,
    ...(fixedLang ? { fixedLang } : {}),
    lang: card.company?.lang === 'en' ? 'en' : 'de',
    ...(await link(apple.ok, 'apple', `${base}/api/wallet/pkpass/${path}`)),
    ...(await link(google.ok, 'google', `${base}/api/wallet/googlecard/${path}`)),
    ...legal,
  };
}
