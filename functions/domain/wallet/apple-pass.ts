import { PKPass } from 'passkit-generator';
import type { AppleConfig } from '../../lib/wallet/config.ts';
import { passAuthToken } from '../../lib/wallet/link-signature.ts';
import { UnavailableError } from '../../lib/errors.ts';
import { log } from '../../lib/log.ts';
import { applePassContent, walletImages } from '../../../shared/card/wallet.ts';
import { walletMessages } from '../../../shared/messages/wallet.ts';
import { readPassImage, solidIcon } from './pass-images.ts';
import type { PassImageName, PassScale } from '../../../shared/images.ts';
import type { WalletImage } from '../../../shared/card/wallet.ts';
import { publicCardUrl } from '../../../shared/card/public-url.ts';
import type { PassSource } from './wallet-card.ts';
import { webServiceUrl } from './stored-pass.ts';

/**
 * The card's pass: serial number = card id, so a re-download replaces the installed pass. What it
 * reads must be in stored-pass.ts passContentKey (or bump STORED_PASS_FORMAT there).
 */
export async function buildApplePass(o: { card: PassSource; config: AppleConfig; baseUrl: string; voided?: boolean }): Promise<Buffer> {
  const { card, config } = o;
  const serial = card.id;
  const content = applePassContent(card.content, publicCardUrl(o.baseUrl, serial));
  const images = walletImages(card.person, card.cardProfile);
  // Icon 29 pt, logo within 160x50 pt, thumbnail within 90x90 pt, at @1x, @2x and @3x: made at
  // upload (shared/images.ts passImages), real PNGs. Apple requires the icon: without any logo a
  // plain one in the font colour.
  const files: Record<string, Buffer> = {};
  const scaled = async (image: WalletImage | undefined, pass: PassImageName, fileName: string) => {
    const found = await Promise.all(([1, 2, 3] as PassScale[]).map((scale) => readPassImage(image, pass, scale)));
    found.forEach((data, i) => { if (data) files[`${fileName}${i ? `@${i + 1}x` : ''}.png`] = data; });
  };
  await Promise.all([scaled(images.icon, 'appleIcon', 'icon'), scaled(images.logo, 'appleLogo', 'logo'), scaled(images.thumbnail, 'appleThumbnail', 'thumbnail')]);
  if (!files['icon.png']) {
    Object.assign(files, { 'icon.png': solidIcon(29, content.hex.foreground), 'icon@2x.png': solidIcon(58, content.hex.foreground), 'icon@3x.png': solidIcon(87, content.hex.foreground) });
  }

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
    throw new UnavailableError(walletMessages.errors.appleConfigBroken);
  }
}
