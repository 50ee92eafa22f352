import { describe, expect, it } from 'vitest';
import { parseDocument, DomUtils } from 'htmlparser2';
import type { Element } from 'domhandler';
import { buildSignature } from '../../shared/card/signature.ts';
import { cardContent } from '../../shared/card/content.ts';
import { cardPalette } from '../../shared/card/contrast.ts';
import { defaultCardSettings } from '../../shared/card/defaults.ts';

// The e-mail signature (issue 28) read back by an independent HTML parser (htmlparser2): what
// Outlook, Gmail and Apple Mail keep when it is pasted — tables, inline styles, absolute images of
// fixed size — and nothing they drop or refuse (scripts, <style>, classes, web fonts).

const hostile = '<script>alert(1)</script>"\'&<b onmouseover=x>';
const person = {
  firstname: `Zoë ${hostile}`, lastname: 'Weiß', position: `Leitung "Vertrieb" & ${hostile}`, firmenname: 'Müller & Söhne <GmbH>',
  image: 'abc.jpg',
  tel: [{ type: 'work', value: '+49 30 1234' }, { type: 'cell', value: '0171 55555' }],
  email: [{ type: 'work1', value: 'zoe@example.org' }],
  social: [], url: 'https://example.org/?a=1&b="2"',
};
const profile = { settings: defaultCardSettings, logo: 'logo1.png', adressen: [] };

function build(o: { photo?: boolean; logo?: boolean } = {}) {
  const content = cardContent({ person: { ...person, ...(o.photo === false ? { image: undefined } : {}) }, profile: { ...profile, ...(o.logo === false ? { logo: undefined } : {}) }, lang: 'de' });
  return buildSignature({ cardId: 'card-1', baseUrl: 'https://karten.example.de/', content, palette: cardPalette(content.colors) });
}

const elements = (html: string) => DomUtils.findAll(() => true, parseDocument(html).children) as Element[];

describe('e-mail signature', () => {
  it('is tables with inline styles only: no script, style element, class, id, web font, event handler or external CSS', () => {
    const { html } = build();
    const all = elements(html);
    const names = new Set(all.map((e) => e.name));
    expect([...names].sort()).toEqual(['a', 'br', 'img', 'strong', 'table', 'td', 'tr']);
    for (const e of all) {
      for (const attr of Object.keys(e.attribs)) {
        expect(attr, `${e.name}[${attr}]`).not.toMatch(/^(class|id|on.*|srcset)$/i);
      }
      const style = e.attribs.style ?? '';
      expect(style).not.toMatch(/@font-face|@import|url\(|expression|position\s*:\s*(absolute|fixed)/i);
      if (style.includes('font-family')) expect(style).toMatch(/font-family:Arial, Helvetica, sans-serif/);
    }
    expect(all[0]!.name).toBe('table');
    expect(all.filter((e) => e.name === 'table').every((t) => t.attribs.cellpadding === '0' && t.attribs.role === 'presentation')).toBe(true);
  });

  it('images: absolute URLs of our CDN in JPEG/PNG widths (no WebP/AVIF), fixed width and height attributes, alt text', () => {
    const imgs = elements(build().html).filter((e) => e.name === 'img');
    expect(imgs).toHaveLength(2);
    for (const img of imgs) {
      expect(img.attribs.src).toMatch(/^https:\/\/karten\.example\.de\/api\/upload\/(image|logo)\/[^/]+\.w320\.(jpg|png)$/);
      expect(Number(img.attribs.width)).toBeGreaterThan(0);
      expect(Number(img.attribs.height)).toBeGreaterThan(0);
      expect(img.attribs.style).toContain(`width:${img.attribs.width}px`);
      expect(img.attribs.alt).toBeTruthy();
    }
    expect(imgs.map((i) => i.attribs.src)).toEqual(['https://karten.example.de/api/upload/image/abc.w320.jpg', 'https://karten.example.de/api/upload/logo/logo1.w320.png']);
    expect(elements(build({ photo: false, logo: false }).html).filter((e) => e.name === 'img')).toEqual([]);
  });

  it('links the card and \'Kontakt speichern\'; phone, mail and website as links', () => {
    const links = elements(build().html).filter((e) => e.name === 'a').map((a) => [a.attribs.href, DomUtils.textContent(a)]);
    expect(links).toEqual([
      ['tel:+49301234', '+49 30 1234'],
      ['tel:017155555', '0171 55555'],
      ['mailto:zoe@example.org', 'zoe@example.org'],
      ['https://example.org/?a=1&b="2"', 'example.org/?a=1&b="2"'],
      ['https://karten.example.de/c/card-1', 'Digitale Visitenkarte'],
      ['https://karten.example.de/api/card/card-1/vcard', 'Kontakt speichern'],
    ]);
  });

  it('escapes every value: the parser reads the typed text back as text, nothing becomes markup', () => {
    const { html } = build();
    const doc = parseDocument(html);
    const text = DomUtils.textContent(doc.children);
    expect(text).toContain(`Zoë ${hostile} Weiß`);
    expect(text).toContain(`Leitung "Vertrieb" & ${hostile}`);
    expect(text).toContain('Müller & Söhne <GmbH>');
    expect(elements(html).some((e) => e.name === 'script' || e.name === 'b')).toBe(false);
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/<b\s/);
  });

  it('plain text: the same content, a signature separator, both links as addresses', () => {
    const { text } = build();
    const lines = text.split('\n');
    expect(lines[0]).toBe('-- ');
    expect(lines[1]).toBe(`Zoë ${hostile} Weiß`);
    expect(text).toContain('Tel. +49 30 1234');
    expect(text).toContain('Mobil 0171 55555');
    expect(text).toContain('E-Mail zoe@example.org');
    expect(text).toContain('Digitale Visitenkarte: https://karten.example.de/c/card-1');
    expect(text).toContain('Kontakt speichern: https://karten.example.de/api/card/card-1/vcard');
  });
});
