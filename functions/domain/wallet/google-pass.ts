import { SignJWT, importPKCS8 } from 'jose';
import { httpJson } from '../../lib/http-json.ts';
import type { JsonAnswer } from '../../lib/http-json.ts';
import type { GoogleConfig } from '../../lib/wallet/config.ts';
import { UnavailableError } from '../../lib/errors.ts';
import { log } from '../../lib/log.ts';
import { hasPassImage } from './pass-images.ts';
import { googlePassContent, walletImages } from '../../../shared/card/wallet.ts';
import type { WalletImage } from '../../../shared/card/wallet.ts';
import { variantFilename } from '../../../shared/images.ts';
import type { PassImageName } from '../../../shared/images.ts';
import { uploadUrl } from '../../../shared/card/links.ts';
import { walletMessages } from '../../../shared/messages/wallet.ts';
import { publicCardUrl } from '../../../shared/card/public-url.ts';
import type { PassSource } from './wallet-card.ts';

// Google Wallet: class and object are written through the issuer REST API, so the save link's
// JWT carries only the object id and stays far below the 1,800 characters a link may have, and
// a changed card can be PATCHed into every phone that saved it.

const SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
const CLASS_SUFFIX = 'visitenkarte';

export type GoogleState = 'ACTIVE' | 'EXPIRED';

export function googleIds(config: GoogleConfig, personId: string): { classId: string; objectId: string } {
  return { classId: `${config.issuerId}.${CLASS_SUFFIX}`, objectId: `${config.issuerId}.${personId.replace(/[^A-Za-z0-9._-]/g, '_')}` };
}

let token: { value: string; until: number; key: string } | undefined;
let signingKey: { pem: string; key: Promise<CryptoKey> } | undefined;

/** The service account's key, imported once per container (both JWTs are signed with it). */
function serviceAccountKey(sa: GoogleConfig['serviceAccount']): Promise<CryptoKey> {
  if (signingKey?.pem !== sa.private_key) signingKey = { pem: sa.private_key, key: importPKCS8(sa.private_key, 'RS256') };
  return signingKey.key;
}

/** Google answers within a second; a hanging connection must not hold the request until Lambda's timeout. */
const GOOGLE_TIMEOUT_MS = 8000;

/** OAuth access token by the service account's JWT grant (RFC 7523), cached until shortly before it expires. */
async function accessToken(config: GoogleConfig): Promise<string> {
  const sa = config.serviceAccount;
  if (token && token.key === sa.client_email && token.until > Date.now()) return token.value;
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({ scope: SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(sa.client_email).setAudience(sa.token_uri).setIssuedAt(now).setExpirationTime(now + 3600)
    .sign(await serviceAccountKey(sa));
  const res = await httpJson(sa.token_uri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
    timeoutMs: GOOGLE_TIMEOUT_MS,
    keepAlive: true,
  });
  const body = (res.json ?? {}) as { access_token?: string; expires_in?: number };
  if (res.status < 200 || res.status >= 300 || !body.access_token) throw new Error(`Google-Token abgelehnt (${res.status})`);
  token = { value: body.access_token, until: Date.now() + Math.max(60, (body.expires_in ?? 3600) - 120) * 1000, key: sa.client_email };
  return token.value;
}

const ok = (res: JsonAnswer) => res.status >= 200 && res.status < 300;

async function call(config: GoogleConfig, method: 'POST' | 'PUT' | 'PATCH', path: string, body: unknown): Promise<JsonAnswer> {
  return httpJson(`${config.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${await accessToken(config)}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    timeoutMs: GOOGLE_TIMEOUT_MS,
    keepAlive: true,
  });
}

/**
 * Google loads images itself: the absolute URL of the pass image made at upload (logo 660x660 badge,
 * hero 1032x336); none for an upload that has not been through the pipeline yet.
 */
async function imageUri(base: string, image: WalletImage | undefined, pass: PassImageName): Promise<string | undefined> {
  if (!image || !(await hasPassImage(image, pass))) return undefined;
  return new URL(uploadUrl(image.field, variantFilename(image.file, { pass }))!, base).href;
}

const text = (lang: string, value: string) => ({ defaultValue: { language: lang, value } });

/** The generic object of a card, from the shared wallet mapping. */
export async function googleObject(o: { config: GoogleConfig; card: PassSource; baseUrl: string; state?: GoogleState }): Promise<Record<string, unknown>> {
  const { card } = o;
  const lang = card.content.lang;
  const c = googlePassContent(card.content, publicCardUrl(o.baseUrl, card.id));
  const images = walletImages(card.person, card.cardProfile);
  const [logo, hero] = await Promise.all([imageUri(o.baseUrl, images.icon ?? images.logo, 'googleLogo'), imageUri(o.baseUrl, images.thumbnail, 'googleHero')]);
  const { classId, objectId } = googleIds(o.config, card.id);
  return {
    id: objectId,
    classId,
    state: o.state ?? 'ACTIVE',
    cardTitle: text(lang, c.cardTitle),
    header: text(lang, c.header),
    ...(c.subheader ? { subheader: text(lang, c.subheader) } : {}),
    hexBackgroundColor: c.hexBackgroundColor,
    ...(logo ? { logo: { sourceUri: { uri: logo }, contentDescription: text(lang, c.cardTitle) } } : {}),
    ...(hero ? { heroImage: { sourceUri: { uri: hero }, contentDescription: text(lang, c.header) } } : {}),
    barcode: { type: 'QR_CODE', value: c.barcodeValue },
    textModulesData: c.textModules,
    linksModuleData: { uris: c.links },
  };
}

function failed(what: string, status: number): never {
  log('error', `google wallet ${what} failed: check GOOGLE_WALLET_ISSUER_ID, the service account's rights and GOOGLE_WALLET_API_URL`, { status });
  throw new UnavailableError(walletMessages.errors.googleFailed);
}

/** Inserts the class (once) and the object, or replaces the object when it already exists. */
export async function upsertGoogleObject(o: { config: GoogleConfig; card: PassSource; baseUrl: string }): Promise<string> {
  const { classId, objectId } = googleIds(o.config, o.card.id);
  try {
    const cls = await call(o.config, 'POST', '/genericClass', { id: classId });
    if (!ok(cls) && cls.status !== 409) failed('class insert', cls.status);
    const object = await googleObject(o);
    const ins = await call(o.config, 'POST', '/genericObject', object);
    if (ins.status === 409) {
      const upd = await call(o.config, 'PUT', `/genericObject/${encodeURIComponent(objectId)}`, object);
      if (!ok(upd)) failed('object update', upd.status);
    } else if (!ok(ins)) failed('object insert', ins.status);
  } catch (err) {
    if (err instanceof UnavailableError) throw err;
    log('error', 'google wallet not reachable', { error: err instanceof Error ? err.message : String(err) });
    throw new UnavailableError(walletMessages.errors.googleFailed);
  }
  return objectId;
}

/** `https://pay.google.com/gp/v/save/<jwt>`: RS256 with the service account's key, only the object id inside. */
export async function googleSaveUrl(o: { config: GoogleConfig; card: PassSource; baseUrl: string }): Promise<string> {
  const objectId = await upsertGoogleObject(o);
  const sa = o.config.serviceAccount;
  const jwt = await new SignJWT({ typ: 'savetowallet', origins: [o.baseUrl], payload: { genericObjects: [{ id: objectId }] } })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(sa.client_email).setAudience('google').setIssuedAt()
    .sign(await serviceAccountKey(sa));
  return `https://pay.google.com/gp/v/save/${jwt}`;
}

/**
 * A changed card reaches phones that saved it: PATCH the object (state EXPIRED for a deactivated
 * or deleted card). An object nobody saved yet does not exist (404): nothing to do.
 */
export async function patchGoogleObject(o: { config: GoogleConfig; card: PassSource; baseUrl: string; state: GoogleState }): Promise<void> {
  const { objectId } = googleIds(o.config, o.card.id);
  const body = await googleObject(o);
  const res = await call(o.config, 'PATCH', `/genericObject/${encodeURIComponent(objectId)}`, body);
  if (!ok(res) && res.status !== 404) throw new Error(`Google-Objekt ${objectId} nicht aktualisiert (${res.status})`);
}

/** For a deleted card only the state changes (its content is gone). */
export async function expireGoogleObject(o: { config: GoogleConfig; personId: string }): Promise<void> {
  const { objectId } = googleIds(o.config, o.personId);
  const res = await call(o.config, 'PATCH', `/genericObject/${encodeURIComponent(objectId)}`, { state: 'EXPIRED' });
  if (!ok(res) && res.status !== 404) throw new Error(`Google-Objekt ${objectId} nicht abgelaufen (${res.status})`);
}
