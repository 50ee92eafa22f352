import { describe, expect, test } from 'vitest';
import QRCode from 'qrcode';
import { qrSvg } from '../../functions/lib/qr-code.ts';

// The card's and the wallet page's QR codes are written here (functions/lib/qr-code.ts) on the
// symbol of qr-core.ts: the document must be exactly the one the qrcode package writes.

const texts = [
  'https://karten.example.de/c/01JDXYZ0000000000000000000',
  'https://karten.example.de/api/wallet/pkpass/01JDXYZ0000000000000000000/c2lnbmF0dXJlLWJhc2U2NHVybA',
  'https://karten.example.de/api/wallet/googlecard/01JDXYZ0000000000000000000/c2lnbmF0dXJlLWJhc2U2NHVybA',
  'http://localhost:5173/c/abc',
  'HTTPS://KARTEN.EXAMPLE.DE/C/12345',
  'Jürgen Weiß – Größe',
  ...Array.from({ length: 60 }, (_, i) => `https://visitenkarte${i}.beispiel.de/c/${(i * 7919).toString(36)}${'y'.repeat(i * 7)}`),
];

describe('QR code as SVG', () => {
  test('the very document qrcode writes, for every text and size', async () => {
    for (const text of texts) {
      for (const width of [512, 256, 21, 20]) {
        const theirs = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, width, color: { dark: '#000000', light: '#ffffff' } });
        expect(await qrSvg(text, { width }), `${text} ${width}`).toBe(theirs);
      }
    }
    expect(await qrSvg(texts[0]!)).toBe(await QRCode.toString(texts[0]!, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, width: 512, color: { dark: '#000000', light: '#ffffff' } }));
  });
});
