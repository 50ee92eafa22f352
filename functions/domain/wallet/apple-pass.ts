import { PKPass } from 'passkit-generator';
import type { AppleConfig } from '../../lib/wallet/config.ts';
import { passAuthToken } from '../../lib/wallet/link-signature.ts';
import { UnavailableError } from '../../lib/errors.ts';
import { log } from '../../lib/log.ts';
import { applePassContent, walletImages } from '../../../shared/card/wallet.ts';
import { msg } from '../../../shared/messages.ts';
import { readVariant, solidPng } from './pass-images.ts';
import { publicCardUrl } from '../../../shared/card/public-url.ts';
import type { PassSource } from './wallet-card.ts';

/** Where Apple's PassKit web service lives under the product's address. */
export function webServiceUrl(base: string): string {
  return `${base}/api/wallet/passkit`;
}

/** The card's pass: serial number = card id, so a re-download replaces the installed pass. */
export async function buildApplePass(o: { card: PassSource; config: AppleConfig; baseUrl: string; voided?: boolean }): Promise<Buffer> {
  const { card, config } = o;
  const serial = card.id;
  const content = applePassContent(card.content, publicCardUrl(o.baseUrl, serial));
  const images = walletImages(card.person, card.cardProfile);
  // Icon 29 pt, logo up to 160x50 pt, thumbnail 90x90 pt: the stored widths nearest above each scale.
  const [icon1, icon2, logo1, logo2, logo3, thumb1, thumb2] = await Promise.all([
    readVariant(images.icon, 160), readVariant(images.icon, 160),
    readVariant(images.logo, 160), readVariant(images.logo, 320), readVariant(images.logo, 640),
    readVariant(images.thumbnail, 160), readVariant(images.thumbnail, 320),
  ]);
  const files: Record<string, Buffer> = {
    'icon.png': icon1 ?? solidPng(29, content.hex.foreground),
    'icon@2x.png': icon2 ?? solidPng(58, content.hex.foreground),
    'icon@3x.png': icon2 ?? solidPng(87, content.hex.foreground),
  };
  if (logo1) Object.assign(files, { 'logo.png': logo1, 'logo@2x.png': logo2 ?? logo1, 'logo@3x.png': logo3 ?? logo2 ?? logo1 });
  if (thumb1) Object.assign(files, { 'thumbnail.png': thumb1, 'thumbnail@2x.png': thumb2 ?? thumb1, 'thumbnail@3x.png': thumb2 ?? thumb1 });

  try {
    const pass = new PKPass(
      files,
      { wwdr: config.wwdr, signerCert: config.signerCert, signerKey: config.signerKey, ...(config.signerKeyPassphrase ? { signerKeyPassphrase: config.signerKeyPassphrase } : {}) },
      {
        formatVersion: 1,
        passTypeIdentifier: config.passTypeId,
        teamIdentifier: config.teamId,
        serialNumber: serial,
        organizationName: content.organizationName,
        description: content.description,
        ...(content.logoText ? { logoText: content.logoText } : {}),
        backgroundColor: content.backgroundColor,
        foregroundColor: content.foregroundColor,
        labelColor: content.labelColor,
        webServiceURL: webServiceUrl(o.baseUrl),
        authenticationToken: await passAuthToken(serial),
        sharingProhibited: false,
        ...(o.voided ? { voided: true } : {}),
      },
    );
    pass.type = 'generic';
    pass.primaryFields.push(...content.primaryFields);
    pass.secondaryFields.push(...content.secondaryFields);
    pass.auxiliaryFields.push(...content.auxiliaryFields);
    pass.backFields.push(...content.backFields);
    pass.setBarcodes({ message: content.barcodeMessage, format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1' });
    return pass.getAsBuffer();
  } catch (err) {
    // Certificates that do not parse or do not belong together: the operator has to fix them.
    log('error', 'apple pass not signed: check APPLE_PASS_CERT_FILE, APPLE_PASS_KEY_FILE (and passphrase), APPLE_WWDR_CERT_FILE', {
      error: err instanceof Error ? err.message : String(err),
    });
    throw new UnavailableError(msg.wallet.errors.appleConfigBroken);
  }
}
