import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { cardContent } from '../../shared/card/content.ts';
import { buildVcard, cardFileStem, escapeText, foldLine } from '../../shared/card/vcard.ts';
import { asciiFileName, attachment } from '../../functions/lib/content-disposition.ts';

const octets = (s: string) => new TextEncoder().encode(s).length;

describe('vCard text', () => {
  it('escapes backslash, comma, semicolon and line breaks (RFC 2426 §4)', () => {
    expect(escapeText('a\\b,c;d\ne\r\nf')).toBe('a\\\\b\\,c\\;d\\ne\\nf');
  });

  it.each([
    ['ASCII', 'NOTE:' + 'x'.repeat(200)],
    ['umlauts', 'NOTE:' + 'äöüß'.repeat(40)],
    ['4-byte characters', 'NOTE:' + '😀'.repeat(50)],
    ['mixed, odd offsets', 'NOTE:a' + 'ä😀b'.repeat(30)],
  ])('folds %s at 75 octets without splitting a character', (_name, line) => {
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    parts.forEach((p, i) => {
      expect(octets(p)).toBeLessThanOrEqual(75);
      if (i > 0) expect(p.startsWith(' ')).toBe(true);
      // A lone surrogate would mean a split character.
      expect(p).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    });
    // Unfolding (CRLF + space removed) gives the line back.
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    // Lines are filled: all but the last reach at least 72 octets.
    for (const p of parts.slice(0, -1)) expect(octets(p)).toBeGreaterThanOrEqual(72);
  });

  it('leaves short lines alone', () => {
    expect(foldLine('FN:Anna')).toBe('FN:Anna');
  });

  it('builds a parseable card from the card model, skipping what the card would not link', () => {
    const content = cardContent({
      person: {
        firstname: 'Anna', lastname: 'Müller',
        tel: [{ type: 'work', value: 'keine Nummer' }, { type: 'cell', value: '+49 171 2345678' }],
        email: [{ type: 'work1', value: 'kein-mail' }, { type: 'work2', value: 'anna@beispiel.de' }],
        social: [{ type: 'linkedin', link: 'javascript:alert(1)' }],
      },
      profile: null,
    });
    const text = buildVcard(content);
    const v = new ICAL.Component(ICAL.parse(text) as unknown[]);
    expect(v.getAllProperties('tel').map((p) => p.getFirstValue())).toEqual(['+49 171 2345678']);
    expect(v.getAllProperties('email').map((p) => p.getFirstValue())).toEqual(['anna@beispiel.de']);
    expect(v.getAllProperties('url')).toEqual([]);
    expect(v.getFirstProperty('org')).toBeNull();
    expect(v.getFirstProperty('adr')).toBeNull();
    expect(text).not.toContain('javascript');
  });

  it('names the file after the person, with a fallback', () => {
    expect(cardFileStem({ firstname: 'Anna Lena', lastname: 'Müller' }, 'Visitenkarte')).toBe('Anna-Lena-Müller');
    expect(cardFileStem({ firstname: '', lastname: '' }, 'Visitenkarte')).toBe('Visitenkarte');
    expect(cardFileStem({ firstname: '../../x', lastname: 'y"z' }, 'Visitenkarte')).toBe('x-yz');
  });
});

describe('Content-Disposition', () => {
  it('has an ASCII name and the exact UTF-8 name (RFC 6266 / 8187)', () => {
    expect(attachment('Jürgen-Weiß.vcf')).toBe(`attachment; filename="Juergen-Weiss.vcf"; filename*=UTF-8''J%C3%BCrgen-Wei%C3%9F.vcf`);
    expect(attachment("O'Neil (Büro).vcf")).toBe(`attachment; filename="O-Neil-Buero.vcf"; filename*=UTF-8''O%27Neil%20%28B%C3%BCro%29.vcf`);
  });

  it('never lets a quote or line break into the header', () => {
    const header = attachment('a"b\r\nSet-Cookie: x.vcf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(/filename="([^"]*)"/.exec(header)![1]).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(asciiFileName('Ærø Çå')).toBe('r-Ca');
  });
});
