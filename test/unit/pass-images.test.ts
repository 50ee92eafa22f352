import { describe, expect, test } from 'vitest';
import { PNG } from 'pngjs';
import { solidIcon } from '../../functions/domain/wallet/pass-images.ts';

describe('pass icon without a logo', () => {
  test('is a real PNG of the size and colour asked for (short hex too), written without libvips', () => {
    for (const [size, hex, rgb] of [[29, '#1A2B3C', [0x1a, 0x2b, 0x3c]], [87, '#fff', [255, 255, 255]]] as const) {
      const png = PNG.sync.read(solidIcon(size, hex));
      expect([png.width, png.height]).toEqual([size, size]);
      expect([...png.data.subarray(0, 3)]).toEqual(rgb);
      expect([...png.data.subarray(png.data.length - 4, png.data.length - 1)]).toEqual(rgb);
    }
  });
});
