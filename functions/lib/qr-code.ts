import { createQrCode } from './qr-core.ts';

// The QR codes of the card's QR route and the wallet page, as SVG: the symbol from qr-core.ts (the
// qrcode package's own symbol, built without its per-module objects) written the way qrcode's SVG
// renderer writes it (lib/renderer/svg-tag.js), so the document is byte for byte what
// `QRCode.toString(text, { type: 'svg', ... })` gives (test/unit/qr-svg.test.ts). The package's
// main entry (its PNG encoder loaded at import, its mask search run through per-module objects)
// cost these routes' cold start 11-17 ms (bench coldStart A/B: cardQr 51.2 -> 39.8 ms, walletCard
// 64.4 -> 47.2 ms; walletCard had measured 40.6 and 62.8 in two complete runs of the same build).

/** The quiet zone: 4 modules on each side (ISO/IEC 18004). */
const MARGIN = 4;

/** Each row's runs of dark modules as horizontal strokes through the module centres (qrcode's qrToPath). */
function modulePath(data: Uint8Array, size: number): string {
  const parts: string[] = [];
  let moveBy = 0;
  let newRow = false;
  let run = 0;
  for (let i = 0; i < data.length; i++) {
    const col = i % size;
    const row = (i - col) / size;
    if (col === 0 && !newRow) newRow = true;
    if (data[i]) {
      run++;
      if (!(col > 0 && data[i - 1])) {
        parts.push(newRow ? `M${col + MARGIN} ${0.5 + row + MARGIN}` : `m${moveBy} 0`);
        moveBy = 0;
        newRow = false;
      }
      if (!(col + 1 < size && data[i + 1])) {
        parts.push(`h${run}`);
        run = 0;
      }
    } else {
      moveBy++;
    }
  }
  return parts.join('');
}

/**
 * A QR code as an SVG document: error correction M (about 15 % of the code may be covered or
 * dirty), version (size) chosen automatically for the text, the standard quiet zone of 4 modules,
 * black on white, `width` pixels square (512 by default).
 */
export async function qrSvg(text: string, o: { width?: number } = {}): Promise<string> {
  const { modules } = createQrCode(text, { errorCorrectionLevel: 'M' });
  const total = modules.size + MARGIN * 2;
  const width = o.width ?? 512;
  // qrcode leaves out a width below the smallest symbol (21 modules).
  const size = width >= 21 ? `width="${width}" height="${width}" ` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" ${size}viewBox="0 0 ${total} ${total}" shape-rendering="crispEdges">`
    + `<path fill="#ffffff" d="M0 0h${total}v${total}H0z"/><path stroke="#000000" d="${modulePath(modules.data, modules.size)}"/></svg>\n`;
}
