import { createHash } from 'node:crypto';
import type { AppleConfig } from '../../lib/wallet/config.ts';
import { passAuthToken } from '../../lib/wallet/link-signature.ts';
import { log } from '../../lib/log.ts';
import { uploads } from '../../lib/storage/index.ts';
import { applePassContent, walletImages } from '../../../shared/card/wallet.ts';
import { publicCardUrl } from '../../../shared/card/public-url.ts';
import { variantFilename } from '../../../shared/images.ts';
import type { PassImageName, PassScale } from '../../../shared/images.ts';
import type { PassSource } from './wallet-card.ts';
import { PKPASS_TYPE } from './pkpass-type.ts';
import { storedPassKey } from './stored-pass-key.ts';

// Signing a pass (passkit-generator: ~65 ms to import, forge's RSA ~50 ms on the first call) is
// kept off the request path: the card-changed job builds and stores each changed card's pass, the
// routes serve the stored bytes while they are current. Current means: the content key, a hash of
// everything the pass is made of, equals the one stored with it. Nothing here loads the builder.

/**
 * Bump when the pass builder (apple-pass.ts) or the images it takes change in a way the inputs
 * below do not show: every stored pass is then stale and rebuilt on its next download or change.
 */
export const STORED_PASS_FORMAT = 1;

/** The metadata name of the content key on the stored object. */
const CONTENT_KEY = 'content-key';

/** Where Apple's PassKit web service lives under the product's address. */
export function webServiceUrl(base: string): string {
  return `${base}/api/wallet/passkit`;
}

export interface PassInputs {
  card: PassSource;
  config: AppleConfig;
  baseUrl: string;
  voided?: boolean;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

// The certificates and key change only with the configuration object (read once per container).
const signingPrints = new WeakMap<AppleConfig, string>();
/** A fingerprint of the signing material: a new certificate or key makes every stored pass stale (the secrets stay out of the key). */
function signingPrint(config: AppleConfig): string {
  let print = signingPrints.get(config);
  if (!print) {
    print = sha256(JSON.stringify([config.wwdr, config.signerCert, config.signerKey, config.signerKeyPassphrase ?? '']));
    signingPrints.set(config, print);
  }
  return print;
}

const SCALES: PassScale[] = [1, 2, 3];

/** The pass image files a pass of this card reads (shared/images.ts variant names), in a fixed order. */
function imageFiles(card: PassSource): string[] {
  const images = walletImages(card.person, card.cardProfile);
  const names = (image: { file: string } | undefined, pass: PassImageName) => (image ? SCALES.map((scale) => variantFilename(image.file, { pass, scale })) : []);
  return [...names(images.icon, 'appleIcon'), '|', ...names(images.logo, 'appleLogo'), '|', ...names(images.thumbnail, 'appleThumbnail')];
}

/** sha256 over everything that goes into the card's pass (the same inputs give the same pass). */
export async function passContentKey(o: PassInputs): Promise<string> {
  const serial = o.card.id;
  return sha256(JSON.stringify({
    format: STORED_PASS_FORMAT,
    serial,
    content: applePassContent(o.card.content, publicCardUrl(o.baseUrl, serial)),
    token: await passAuthToken(serial),
    voided: Boolean(o.voided),
    webServiceURL: webServiceUrl(o.baseUrl),
    passTypeId: o.config.passTypeId,
    teamId: o.config.teamId,
    images: imageFiles(o.card),
    signing: signingPrint(o.config),
  }));
}

/** The stored pass when it is current for these inputs. */
export async function currentStoredPass(o: PassInputs & { contentKey?: string }): Promise<Buffer | undefined> {
  const key = storedPassKey(o.card.id);
  if (!key) return undefined;
  const [file, contentKey] = await Promise.all([
    // A read that fails (S3 answers a missing object with 403 where its prefix cannot be listed) is a
    // miss: the pass is built as without storage, which costs only speed.
    uploads().get(key).catch((err: unknown) => {
      log('warn', 'stored apple pass not readable: built instead (check the function\'s grant on wallet-passes/, including s3:ListBucket)', {
        cardId: o.card.id, error: err instanceof Error ? err.message : String(err),
      });
      return undefined;
    }),
    o.contentKey ?? passContentKey(o),
  ]);
  return file && file.metadata?.[CONTENT_KEY] === contentKey ? file.body : undefined;
}

/** Builds (passkit-generator, loaded only here) and stores the pass; answers its bytes. */
export async function buildAndStorePass(o: PassInputs & { contentKey?: string }): Promise<Buffer> {
  const contentKey = o.contentKey ?? (await passContentKey(o));
  const { buildApplePass } = await import('./apple-pass.ts');
  const pass = await buildApplePass(o);
  const key = storedPassKey(o.card.id);
  if (key) {
    // Stored with the key of the inputs it was built from: a concurrent build from older inputs
    // stores an older key, which the next read finds stale. A failed store costs only speed.
    await uploads().put(key, pass, PKPASS_TYPE, { [CONTENT_KEY]: contentKey }).catch((err: unknown) => {
      log('warn', 'apple pass built but not stored: the next download builds it again (check the uploads bucket and the function\'s grant)', {
        cardId: o.card.id, error: err instanceof Error ? err.message : String(err),
      });
    });
  }
  return pass;
}

/** The card's pass: the stored one while it is current, else built now and stored for the next download. */
export async function cardPass(o: PassInputs): Promise<Buffer> {
  const contentKey = await passContentKey(o);
  const stored = await currentStoredPass({ ...o, contentKey });
  if (stored) return stored;
  return buildAndStorePass({ ...o, contentKey });
}
