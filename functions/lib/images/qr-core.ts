// The QR code encoder alone: qrcode's core module, without the package's PNG, SVG and terminal
// renderers (its main entry loads pngjs and builds its tables at import, a cold start's cost for
// nothing: the virtual background draws the modules itself).
import type { QRCode, QRCodeOptions } from 'qrcode';
// @ts-expect-error: the package's types describe its main entry only; this is the same `create`.
import { create as createQr } from 'qrcode/lib/core/qrcode.js';

export const createQrCode: (text: string, options?: QRCodeOptions) => QRCode = createQr;
