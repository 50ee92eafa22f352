import { describe, expect, test } from 'vitest';
import { AA_LARGE, AA_TEXT, blackOrWhite, cardPalette, contrastRatio, luminance, mix, readableOn } from '../../shared/card/contrast.ts';
import { DEFAULT_THEME, legacySettingsThemes, profileFormThemes, profileModalThemes, resolveThemeName, themeLabel, themeNames } from '../../shared/card/themes.ts';

describe('contrast', () => {
  test('luminance and ratio follow WCAG 2 (black on white is 21:1, equal colours 1:1)', () => {
    expect(luminance('#ffffff')).toBeCloseTo(1, 5);
    expect(luminance('#000')).toBe(0);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
    // Known pair: #767676 on white is the lightest grey passing AA (4.54).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  test('mix goes from one colour to the other', () => {
    expect(mix('#000000', '#ffffff', 0)).toBe('#000000');
    expect(mix('#000000', '#ffffff', 1)).toBe('#ffffff');
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
  });

  test('a readable choice is kept; an unreadable one is moved just far enough', () => {
    expect(readableOn('#000000', '#ffffff')).toBe('#ffffff');
    expect(readableOn('#8d0a23', '#fff')).toBe('#ffffff');
    const fixed = readableOn('#ffffff', '#ffff00');
    expect(fixed).not.toBe('#ffff00');
    expect(contrastRatio(fixed, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    // Still yellowish (red and green above blue), not simply black.
    expect(fixed).not.toBe('#000000');
    expect(blackOrWhite('#ffff00')).toBe('#000000');
    expect(blackOrWhite('#1a237e')).toBe('#ffffff');
  });

  // Every pair of a coarse colour grid: no company choice gives an unreadable palette.
  const grid = ['#000000', '#ffffff', '#777777', '#8d0a23', '#ffff00', '#00ff00', '#0000ff', '#ff0000', '#00ffff', '#f5f5f5', '#1d2530', '#808080', '#e6007e', '#4b8a3c'];
  // The surfaces the themes use: white, the dark themes', paper, and the company colour itself (bold).
  test.each(['#ffffff', '#14181f', '#121820', '#0f1115', '#f7f3ea', 'band'])('palette on surface %s holds AA for every colour pair', (surface) => {
    for (const band of grid) {
      for (const fg of grid) {
        const p = cardPalette({ band, bandText: fg, fill: fg }, surface === 'band' ? band : surface);
        expect(contrastRatio(p.onBand, p.band), `${fg} on ${band}`).toBeGreaterThanOrEqual(AA_TEXT);
        expect(contrastRatio(p.onBand, p.bandDeep)).toBeGreaterThanOrEqual(contrastRatio(p.onBand, p.band) - 1e-9);
        expect(contrastRatio(p.iconOnBand, p.band)).toBeGreaterThanOrEqual(AA_LARGE);
        expect(contrastRatio(p.accent, p.surface)).toBeGreaterThanOrEqual(AA_TEXT);
        expect(contrastRatio(p.accent, p.tint)).toBeGreaterThanOrEqual(AA_TEXT);
        expect(contrastRatio(p.text, p.surface)).toBeGreaterThanOrEqual(AA_TEXT);
        expect(contrastRatio(p.muted, p.surface)).toBeGreaterThanOrEqual(AA_TEXT);
      }
    }
  });
});

describe('theme names', () => {
  test('at least 20 themes with German labels; the spec names resolve, unknown ones fall back', () => {
    expect(themeNames.length).toBeGreaterThanOrEqual(20);
    for (const n of ['the-vcard', 'the-vcard-en', 'the-vcard-v2', 'the-vcard-button-swap', 'NoPicture', 'testing']) {
      expect(resolveThemeName(n)).toBe(n);
    }
    expect(DEFAULT_THEME).toBe('the-vcard');
    expect(resolveThemeName('gibt-es-nicht')).toBe('the-vcard');
    expect(resolveThemeName(undefined)).toBe('the-vcard');
    expect(resolveThemeName('toString')).toBe('the-vcard');
    expect(themeLabel('the-vcard')).toBe('Standard');
    expect(new Set(themeNames.map(themeLabel)).size).toBe(themeNames.length);
  });

  test('pickers: testing only for admins; the modal and legacy lists are shorter subsets', () => {
    expect(profileFormThemes(false)).not.toContain('testing');
    expect(profileFormThemes(true)).toContain('testing');
    expect(profileFormThemes(false).length).toBe(themeNames.length - 1);
    for (const list of [profileModalThemes, legacySettingsThemes]) {
      expect(list.length).toBeLessThan(profileFormThemes(false).length);
      for (const n of list) expect(themeNames).toContain(n);
      expect(list).not.toContain('testing');
    }
  });
});
