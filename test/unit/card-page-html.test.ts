import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardPageHtml, CARD_DATA_MARKER, jsonForScript, photoPreload } from '../../functions/domain/cards/card-page-html.ts';
import { CARD_DATA_ELEMENT_ID } from '../../shared/card/page-data.ts';
import { themeLayouts, themeNames, themePhotoSizes } from '../../shared/card/themes.ts';
import type { PublicCard } from '../../shared/card/types.ts';
import { defaultCardSettings } from '../../shared/card/defaults.ts';
import { themeByName } from '../../web/src/themes/table.ts';

// The page `/c/{id}` with its card inside (issue 20): the data element, the photo's preload at the
// size the theme draws, title and description, and the same bytes for every id without a card.

const template = readFileSync(resolve(import.meta.dirname, '../../web/card.html'), 'utf8');

function card(o: { theme?: string; image?: string; lang?: 'de' | 'en'; position?: string } = {}): PublicCard {
  return {
    id: 'k-1', lang: o.lang ?? 'de', org: 'Weiß & Söhne',
    person: { firstname: 'Jürgen', lastname: 'Weiß', position: o.position ?? 'Geschäftsführer', image: o.image ?? 'abc.jpg', tel: [], email: [], social: [] },
    profile: { firmenname: 'Weiß & Söhne GmbH', settings: { ...defaultCardSettings, theme: o.theme ?? 'the-vcard' } },
  };
}

function dataOf(html: string): unknown {
  const m = new RegExp(`<script type="application/json" id="${CARD_DATA_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  return m ? JSON.parse(m[1]!) : undefined;
}

describe('card page HTML', () => {
  it('carries the card as JSON that reads back unchanged, and its title, description and language', () => {
    const c = card();
    const html = cardPageHtml({ template, card: c });
    expect(dataOf(html)).toEqual(c);
    expect(html).toContain('<title>Weiß &amp; Söhne GmbH Jürgen Weiß</title>');
    expect(html).toContain('<meta name="description" content="Digitale Visitenkarte von Jürgen Weiß, Geschäftsführer, Weiß &amp; Söhne GmbH">');
    expect(html).toContain('<html lang="de">');
    expect(html).not.toContain(CARD_DATA_MARKER);
    const en = cardPageHtml({ template, card: card({ theme: 'the-vcard-en' }) });
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('content="Digital business card of Jürgen Weiß');
  });

  it('cannot be broken out of: no card text ends the script element or opens a tag', () => {
    const evil = card({ position: '</script><script>alert(1)</script><!-- \u2028 & "x"' });
    const html = cardPageHtml({ template, card: evil });
    expect(html.match(/<script/g)).toHaveLength(1); // the data element only (the source template's module script is a marker)
    expect(dataOf(html)).toEqual(evil);
    expect(jsonForScript({ a: '</script>' })).toBe('{"a":"\\u003c/script\\u003e"}');
    expect(html).toContain('content="Digitale Visitenkarte von Jürgen Weiß, &lt;/script&gt;&lt;script&gt;alert(1)');
  });

  it('preloads the photo in AVIF at exactly the sizes each theme draws it, and nothing where no photo shows', () => {
    for (const name of themeNames) {
      const def = themeByName.get(name)!;
      expect(def.layout, name).toBe(themeLayouts[name].layout);
      const preload = photoPreload(card({ theme: name }));
      const sizes = themePhotoSizes(name);
      if (def.options.photo === false || def.layout === 'plain') {
        expect(sizes, name).toBeUndefined();
        expect(preload, name).toBeUndefined();
        continue;
      }
      expect(preload, name).toBe(`<link rel="preload" as="image" type="image/avif" imagesrcset="/api/upload/image/abc.w160.avif 160w, /api/upload/image/abc.w320.avif 320w, /api/upload/image/abc.w480.avif 480w, /api/upload/image/abc.w640.avif 640w, /api/upload/image/abc.w800.avif 800w, /api/upload/image/abc.w1024.avif 1024w" imagesizes="${sizes}" fetchpriority="high">`);
    }
    expect(themePhotoSizes('the-vcard')).toBe('(max-width: 440px) 100vw, 400px');
    expect(themePhotoSizes('unbekannt')).toBe(themePhotoSizes('the-vcard'));
    expect(photoPreload(card({ image: ' ' }))).toBeUndefined();
  });

  it('answers every id without a card with the same bytes: the template without the marker', () => {
    const html = cardPageHtml({ template });
    expect(html).toBe(template.replace(CARD_DATA_MARKER, ''));
    expect(html).not.toContain(CARD_DATA_ELEMENT_ID);
  });

  it('fails loudly when the template lost a part it fills', () => {
    expect(() => cardPageHtml({ template: template.replace(CARD_DATA_MARKER, ''), card: card() })).toThrow(/web\/card.html/);
  });
});
