import { createHmac, timingSafeEqual } from 'node:crypto';
import { secretString } from '../aws/secrets.ts';
import { env } from '../env.ts';
import { authSecret } from '../auth/secret.ts';

// Signed wallet links and pass tokens. One key: WALLET_LINK_SECRET (local), the secret behind
// WALLET_LINK_SECRET_ARN (AWS), else derived from the token signing key (local default), so a
// fresh checkout works without setup. Rotating the key voids every printed wallet QR code and
// the update token of every installed Apple pass (docs/decisions.md).

let key: Promise<Buffer> | undefined;

function linkKey(): Promise<Buffer> {
  key ??= (async () => {
    const e = env();
    if (e.WALLET_LINK_SECRET) return Buffer.from(e.WALLET_LINK_SECRET, 'utf8');
    if (e.WALLET_LINK_SECRET_ARN) {
      const value = await secretString(e.WALLET_LINK_SECRET_ARN);
      if (!value || value.length < 32) throw new Error('Das Geheimnis in WALLET_LINK_SECRET_ARN ist leer oder zu kurz');
      return Buffer.from(value, 'utf8');
    }
    return createHmac('sha256', await authSecret()).update('wallet-link-key').digest();
  })();
  return key;
}

async function mac(purpose: string, value: string): Promise<string> {
  return createHmac('sha256', await linkKey()).update(`${purpose}:${value}`).digest('base64url');
}

/** The signature of a card's public wallet links (`/qr/{id}/{signature}`, pkpass, googlecard). */
export function walletSignatureOf(cardId: string): Promise<string> {
  return mac('wallet-link', cardId);
}

/** Constant-time check of a link signature. */
export async function isValidWalletSignature(cardId: string, signature: string): Promise<boolean> {
  return safeEqual(await walletSignatureOf(cardId), signature);
}

/** The pass's `authenticationToken` for the PassKit web service (derived, never stored). */
export function passAuthToken(serial: string): Promise<string> {
  return mac('passkit', serial);
}

export async function isValidPassAuth(serial: string, authorization: string | undefined): Promise<boolean> {
  const m = authorization?.match(/^ApplePass\s+(\S+)$/);
  return Boolean(m) && safeEqual(await passAuthToken(serial), m![1]!);
}

function safeEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  // The length of the expected value is public (base64url of 32 bytes); only the bytes are secret.
  return a.length === b.length && timingSafeEqual(a, b);
}
