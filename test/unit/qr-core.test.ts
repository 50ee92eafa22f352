import { describe, expect, test } from 'vitest';
import QRCode from 'qrcode';
import jsQR from 'jsqr';
import { createQrCode } from '../../functions/lib/qr-core.ts';
import { qrPixels } from '../../functions/domain/cards/virtual-background.ts';

// The virtual background's QR encoder builds the symbol itself on qrcode's segments (qr-core.ts): it must be the very
// symbol the qrcode package makes, for every kind of text a card URL can be, at every level.

const texts = [
  'https://karten.example.de/c/01JDXYZ0000000000000000000',
  'http://localhost:5173/c/abc',
  'HTTPS://KARTEN.EXAMPLE.DE/C/12345',
  '0123456789012345678901234567890123456789',
  'Jürgen Weiß – Größe',
  ...Array.from({ length: 150 }, (_, i) => `https://visitenkarte${i}.beispiel.de/c/${(i * 7919).toString(36)}${'x'.repeat(i % 40)}`),
  // Larger symbols: version information (7 and up), two block groups, mixed segments.
  ...[120, 300, 700, 1200, 2300].map((n) => `https://karten.example.de/c/${'ABC123xyz-4567890'.repeat(Math.ceil(n / 17)).slice(0, n)}`),
  '12345678901234567890ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:abc' .repeat(12),
];

describe('QR code built here on qrcode\'s segments', () => {
  test('the same modules, version and mask as qrcode for every text and level', () => {
    const masks = new Set<number>();
    const versions = new Set<number>();
    for (const text of texts) {
      for (const errorCorrectionLevel of ['L', 'M', 'Q', 'H'] as const) {
        let theirs: ReturnType<typeof QRCode.create>;
        try {
          theirs = QRCode.create(text, { errorCorrectionLevel });
        } catch {
          // More than a QR code holds at this level: refused alike.
          expect(() => createQrCode(text, { errorCorrectionLevel }), `${text.length} ${errorCorrectionLevel}`).toThrow('Zu viele Zeichen');
          continue;
        }
        const ours = createQrCode(text, { errorCorrectionLevel });
        versions.add(ours.version);
        expect(ours.version, text).toBe(theirs.version);
        expect(ours.maskPattern, `${text} ${errorCorrectionLevel}`).toBe(theirs.maskPattern);
        expect(Buffer.from(ours.modules.data).equals(Buffer.from(theirs.modules.data)), `${text} ${errorCorrectionLevel}`).toBe(true);
        masks.add(ours.maskPattern!);
      }
    }
    // The texts reach every mask, so each one's rule and format bits were compared.
    expect([...masks].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // Small and large symbols, with version information (7 and up) and up to 40.
    expect(Math.min(...versions)).toBeLessThanOrEqual(3);
    expect(Math.max(...versions)).toBeGreaterThanOrEqual(30);
    expect([...versions].filter((v) => v >= 7).length).toBeGreaterThan(5);
  });

  test('the drawn code decodes (jsQR) to the card URL', () => {
    const url = 'https://karten.example.de/c/01JDXYZ0000000000000000000';
    const p = qrPixels(url, 320, '#0b5d3b');
    expect(jsQR(new Uint8ClampedArray(p.data), p.width, p.height)?.data).toBe(url);
  });
});
