import QRCode from 'qrcode';

/**
 * A QR code as an SVG document: error correction M (about 15 % of the code may be covered or
 * dirty), version (size) chosen automatically for the text, the standard quiet zone of 4 modules.
 * For any text: the card's public address here, other URLs for the wallet pages.
 */
export function qrSvg(text: string, o: { width?: number } = {}): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, width: o.width ?? 512, color: { dark: '#000000', light: '#ffffff' } });
}
