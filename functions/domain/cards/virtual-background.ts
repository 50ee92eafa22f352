import { createQrCode } from '../../lib/qr-core.ts';
import { publicCardUrl } from '../../../shared/card/public-url.ts';
import { cardFileStem } from '../../../shared/card/vcard.ts';
import { cardMessages } from '../../../shared/messages/card.ts';
import { variantFilename } from '../../../shared/images.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { publicBaseUrl } from '../../lib/public-base-url.ts';
import { uploads } from '../../lib/storage/index.ts';
import { decodeImage } from '../../lib/images/decode.ts';
import { fitInside } from '../../lib/images/pixels.ts';
import type { Pixels } from '../../lib/images/pixels.ts';
import { composeColumn, resizePixels } from '../../lib/images/render.ts';
import type { Layer } from '../../lib/images/render.ts';
import { renderText } from '../../lib/images/text.ts';
import { log } from '../../lib/log.ts';
import { uploadStorageKey } from '../uploads/storage-keys.ts';
import { ownedCardContent } from './owned-card-content.ts';
import type { CardContent } from '../../../shared/card/content.ts';
import type { CardPalette } from '../../../shared/card/contrast.ts';

// The virtual background of a card for video calls (issue 28): 1920x1080, in the profile's
// colours, with name, position and company on the left, the company logo above them and the
// card's QR code at the bottom right (the middle stays free for the person). Made with the image
// pipeline's primitives (libvips) and the shipped font; nothing is stored, it is made on request.

export const BACKGROUND_SIZE = { width: 1920, height: 1080 } as const;

const MARGIN = 120;
const TEXT_WIDTH = 720;
const QR_BOX = 360;

type Rgb = [number, number, number];
const rgb = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;

/**
 * The band colour from top to its deeper shade at the bottom (a soft vertical gradient): one pixel
 * column, which the picture widens to its full width (render.ts composeColumn). Made here, it
 * cost a cold container 6 MB of fresh memory and a cold loop (bench coldStart).
 */
function gradientColumn(top: string, bottom: string): Pixels {
  const { height } = BACKGROUND_SIZE;
  const a = rgb(top);
  const b = rgb(bottom);
  const data = Buffer.alloc(height * 3);
  for (let y = 0; y < height; y++) {
    const f = y / (height - 1);
    for (let k = 0; k < 3; k++) data[y * 3 + k] = Math.round(a[k]! + (b[k]! - a[k]!) * f);
  }
  return { data, width: 1, height, channels: 3 };
}

/** A rectangle of one colour (alpha 255). */
function plate(width: number, height: number, hex: string): Pixels {
  const c = rgb(hex);
  const data = Buffer.alloc(width * height * 4, Buffer.from([c[0], c[1], c[2], 255]));
  return { data, width, height, channels: 4 };
}

/** The QR code of `text` (error correction M, quiet zone of 4 modules) in `dark` on white, `size` pixels square. */
export function qrPixels(text: string, size: number, dark: string): Pixels {
  const qr = createQrCode(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const total = modules + 8;
  const scale = Math.floor(size / total);
  const side = scale * total;
  const d = rgb(dark);
  const data = Buffer.alloc(side * side * 4, 255);
  const ink = Buffer.from([d[0], d[1], d[2], 255]);
  const row = side * 4;
  const on = qr.modules.data;
  // Per module row: its first pixel row with each run of dark modules as one native fill, then
  // copied `scale` - 1 times (a fill per module and pixel row cost a cold start ~5 ms: bench coldStart).
  for (let my = 0; my < modules; my++) {
    const start = (my + 4) * scale * row;
    for (let mx = 0; mx < modules;) {
      if (!on[my * modules + mx]) {
        mx++;
        continue;
      }
      let end = mx + 1;
      while (end < modules && on[my * modules + end]) end++;
      data.fill(ink, start + (mx + 4) * scale * 4, start + (end + 4) * scale * 4);
      mx = end;
    }
    for (let y = 1; y < scale; y++) data.copy(data, start + y * row, start, start + row);
  }
  return { data, width: side, height: side, channels: 4 };
}

/** The logo's 640 px variant as stored (its own format); undefined without a logo or file. */
async function storedLogo(file: string | undefined): Promise<Buffer | undefined> {
  if (!file) return undefined;
  const stored = await uploads().get(uploadStorageKey(variantFilename(file, { width: 640 })));
  if (!stored) log('warn', 'virtual background without logo: its 640 px variant is missing (npm run images:reprocess)', { file });
  return stored?.body;
}

/** The logo decoded and fitted into the box. */
async function logoPixels(file: Buffer | undefined, box: { width: number; height: number }): Promise<Pixels | undefined> {
  if (!file) return undefined;
  const pixels = await decodeImage(file);
  const fit = fitInside(pixels.width, pixels.height, box.width, box.height);
  return resizePixels(pixels, Math.max(1, Math.round(fit.width)), Math.max(1, Math.round(fit.height)));
}

export async function virtualBackground(o: { auth: AuthUser; personId: string }): Promise<{ fileName: string; png: Buffer }> {
  const { cardId, content, palette } = await ownedCardContent(o);
  return {
    fileName: `${cardMessages.background.filePrefix}-${cardFileStem(content, cardMessages.fallbackFileName)}.png`,
    png: await drawVirtualBackground({ url: publicCardUrl(publicBaseUrl(), cardId), content, palette, logo: await storedLogo(content.logoFile) }),
  };
}

/** The picture (PNG) of a card's content: what virtualBackground sends, without the reads. */
export async function drawVirtualBackground(o: { url: string; content: CardContent; palette: CardPalette; logo: Buffer | undefined }): Promise<Buffer> {
  const { content: c, palette: p } = o;
  const { width, height } = BACKGROUND_SIZE;
  const layers: Layer[] = [];

  // Logo on a white plate, so every logo stands out whatever the band colour.
  const logo = await logoPixels(o.logo, { width: 320, height: 130 });
  let y = MARGIN;
  if (logo) {
    const pad = 28;
    layers.push({ pixels: plate(logo.width + 2 * pad, logo.height + 2 * pad, '#ffffff'), left: MARGIN, top: y });
    layers.push({ pixels: logo, left: MARGIN + pad, top: y + pad });
    y += logo.height + 2 * pad + 80;
  } else {
    y = 360;
  }

  const blocks = [
    await renderText({ text: c.name, weight: 'bold', size: 76, color: p.onBand, maxWidth: TEXT_WIDTH, maxLines: 2 }),
    await renderText({ text: c.position ?? '', weight: 'regular', size: 44, color: p.onBand, maxWidth: TEXT_WIDTH, maxLines: 2 }),
    await renderText({ text: c.company ?? '', weight: 'regular', size: 40, color: p.onBand, maxWidth: TEXT_WIDTH, maxLines: 2 }),
  ];
  for (const [i, block] of blocks.entries()) {
    if (!block) continue;
    if (y + block.height > height - MARGIN) break;
    layers.push({ pixels: block, left: MARGIN, top: y });
    y += block.height + (i === 0 ? 24 : 14);
  }

  // The card's QR code, in the card's accent colour on white (AA contrast: it scans).
  const qr = qrPixels(o.url, QR_BOX - 40, p.accent);
  const caption = await renderText({
    text: c.lang === 'en' ? cardMessages.background.captionEn : cardMessages.background.caption,
    weight: 'bold', size: 26, color: '#1d2530', maxWidth: QR_BOX - 40, maxLines: 2, align: 'centre',
  });
  const captionHeight = caption ? caption.height + 16 : 0;
  const box = { width: QR_BOX, height: QR_BOX + captionHeight };
  const boxLeft = width - MARGIN - box.width;
  const boxTop = height - MARGIN - box.height;
  layers.push({ pixels: plate(box.width, box.height, '#ffffff'), left: boxLeft, top: boxTop });
  layers.push({ pixels: qr, left: boxLeft + Math.round((box.width - qr.width) / 2), top: boxTop + 20 });
  if (caption) layers.push({ pixels: caption, left: boxLeft + Math.round((box.width - caption.width) / 2), top: boxTop + 20 + qr.height + 4 });

  return composeColumn({ column: gradientColumn(p.band, p.bandDeep), width, layers, format: 'png' });
}
