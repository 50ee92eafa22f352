import { describe, expect, test } from 'vitest';
import QRCode from 'qrcode';
import jsQR from 'jsqr';
import { createQrCode } from '../../functions/lib/images/qr-core.ts';
import { qrPixels } from '../../functions/domain/cards/virtual-background.ts';

// The virtual background's QR encoder chooses the mask itself (qr-core.ts): it must be the very
// symbol the qrcode package makes, for every kind of text a card URL can be, at every level.

const texts = [
  'https://karten.example.de/c/01JDXYZ0000000000000000000',
  'http://localhost:5173/c/abc',
  'HTTPS://KARTEN.EXAMPLE.DE/C/12345',
  '0123456789012345678901234567890123456789',
  'Jürgen Weiß – Größe',
  ...Array.from({ length: 150 }, (_, i) => `https://visitenkarte${i}.beispiel.de/c/${(i * 7919).toString(36)}${'x'.repeat(i % 40)}`),
];

describe('QR code without qrcode\'s mask search', () => {
  test('the same modules, version and mask as qrcode for every text and level', () => {
    const masks = new Set<number>();
    for (const text of texts) {
      for (const errorCorrectionLevel of ['L', 'M', 'Q', 'H'] as const) {
        const ours = createQrCode(text, { errorCorrectionLevel });
        const theirs = QRCode.create(text, { errorCorrectionLevel });
        expect(ours.version, text).toBe(theirs.version);
        expect(ours.maskPattern, `${text} ${errorCorrectionLevel}`).toBe(theirs.maskPattern);
        expect(Buffer.from(ours.modules.data).equals(Buffer.from(theirs.modules.data)), `${text} ${errorCorrectionLevel}`).toBe(true);
        masks.add(ours.maskPattern!);
      }
    }
    // The texts reach every mask, so each one's rule and format bits were compared.
    expect([...masks].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  test('the drawn code decodes (jsQR) to the card URL', () => {
    const url = 'https://karten.example.de/c/01JDXYZ0000000000000000000';
    const p = qrPixels(url, 320, '#0b5d3b');
    expect(jsQR(new Uint8ClampedArray(p.data), p.width, p.height)?.data).toBe(url);
  });
});
