import { themeLabels, themeLanguage, themeLayouts } from '../../../shared/card/themes.ts';
import type { ThemeName } from '../../../shared/card/themes.ts';
import type { CardLang } from '../../../shared/card/labels.ts';

// Every theme as data: which of the kit's four layouts it uses, a few options, and its CSS. The
// kit (kit.tsx, kit.css) draws the parts; a theme only arranges and styles them. Adding a theme is
// one entry here plus its name and label in shared/card/themes.ts (the type makes the table
// complete). The whole table is ~4 KB gzipped and ships with the public page, so no theme costs a
// request of its own.

export type { Layout } from '../../../shared/card/themes.ts';
import type { Layout } from '../../../shared/card/themes.ts';
export type Part = 'actions' | 'save' | 'rows' | 'social' | 'legal';
/** A colour of the card's palette (shared/card/contrast.ts cardPalette), or a fixed hex colour. */
export type Ground = 'surface' | 'band' | 'tint' | `#${string}`;

export interface ThemeOptions {
  /** The card's surface: light (default), a fixed dark colour, or the company colour itself (`band`). */
  surface?: 'band' | `#${string}`;
  /** A language the theme fixes, whatever the visitor's browser prefers (the-vcard-en). */
  lang?: CardLang;
  /** The parts below the head, in this order. */
  order?: Part[];
  /** `false`: no photo even when the card has one. */
  photo?: boolean;
  /** What the logo is drawn over in this theme (two for a gradient): its plate is derived against these. */
  logoOn?: Ground[];
}

export interface ThemeDef {
  name: ThemeName;
  label: string;
  layout: Layout;
  options: ThemeOptions;
  css: string;
}

/** Where the logo sits in each layout unless a theme says otherwise. */
export const layoutLogoGround: Record<Layout, Ground[]> = { hero: ['surface'], avatar: ['band'], side: ['surface'], plain: ['surface'] };

type Entry = Omit<ThemeDef, 'name' | 'label' | 'layout'>;

const entries: Record<ThemeName, Entry> = {
  'the-vcard': {
    options: {},
    css: `.th-the-vcard .vc-action-icon { box-shadow: 0 3px 10px rgba(15, 23, 42, .18); }
.th-the-vcard .vc-position { font-weight: 500; }`,
  },
  'the-vcard-en': {
    options: { lang: themeLanguage('the-vcard-en') },
    css: `.th-the-vcard-en .vc-action-icon { box-shadow: 0 3px 10px rgba(15, 23, 42, .18); }
.th-the-vcard-en .vc-position { font-weight: 500; }
.th-the-vcard-en .vc-logo-bar { justify-content: flex-start; }`,
  },
  'the-vcard-v2': {
    options: {},
    css: `.th-the-vcard-v2 { --vc-radius: 24px; }
.th-the-vcard-v2 .vc-head { border-radius: 0 0 50% 50% / 0 0 28px 28px; }
.th-the-vcard-v2 .vc-name { font-size: 1.55rem; }
.th-the-vcard-v2 .vc-position { color: var(--vc-accent); font-weight: 600; }
.th-the-vcard-v2 .vc-save { border-radius: 999px; }`,
  },
  'the-vcard-button-swap': {
    options: { order: ['save', 'actions', 'rows', 'social', 'legal'] },
    css: `.th-the-vcard-button-swap .vc-save-wrap { padding-top: 16px; }
.th-the-vcard-button-swap .vc-actions { grid-auto-flow: row; grid-template-columns: 1fr; gap: 8px; padding: 10px 18px 4px; }
.th-the-vcard-button-swap .vc-action { flex-direction: row; gap: 12px; padding: 6px 10px; border: 1px solid color-mix(in srgb, var(--vc-text) 25%, transparent); border-radius: 12px; font-size: .95rem; }
.th-the-vcard-button-swap .vc-action-icon { width: 36px; height: 36px; }`,
  },
  NoPicture: {
    options: { logoOn: ['band'] },
    css: `.th-NoPicture .vc-hero-empty { min-height: 170px; }
.th-NoPicture .vc-band { padding-top: 4px; text-align: center; }`,
  },
  dark: {
    options: { surface: '#121820' },
    css: `.th-dark { box-shadow: 0 8px 30px rgba(0, 0, 0, .5); }
.th-dark .vc-band { border-bottom: 3px solid var(--vc-accent); }`,
  },
  'dark-round': {
    options: { surface: '#0f1115', logoOn: ['band', '#0f1115'] },
    css: `.th-dark-round .vc-head { background: linear-gradient(160deg, var(--vc-band), #0f1115); }
.th-dark-round .vc-avatar-img, .th-dark-round .vc-avatar .vc-initials { border-color: var(--vc-accent); }
.th-dark-round .vc-rows { margin: 8px 14px; border-radius: 14px; background: #181b21; }`,
  },
  minimal: {
    options: { order: ['rows', 'actions', 'save', 'social', 'legal'] },
    css: `.th-minimal { box-shadow: none; border: 1px solid #d6dbe1; border-radius: 4px; }
.th-minimal .vc-plain-head { justify-content: flex-start; padding: 28px 24px 4px; }
.th-minimal .vc-plain-name { text-align: left; padding: 8px 24px 8px; }
.th-minimal .vc-name { font-weight: 300; font-size: 1.8rem; letter-spacing: -.01em; }
.th-minimal .vc-row-icon { background: none; width: 24px; }
.th-minimal .vc-save { outline: none; background: none; color: var(--vc-accent); border: 1.5px solid var(--vc-accent); }
.th-minimal a.vc-save { color: var(--vc-accent); }
.th-minimal .vc-actions { padding-top: 4px; }
.th-minimal .vc-action-icon { outline: none; background: none; color: var(--vc-accent); border: 1.5px solid var(--vc-accent); box-shadow: none; }
.th-minimal .vc-social a { outline: none; background: none; color: var(--vc-accent); border: 1px solid currentColor; box-shadow: none; }`,
  },
  'round-photo': {
    options: { logoOn: ['tint'] },
    css: `.th-round-photo { --vc-overlap: 60px; }
.th-round-photo .vc-head { background: var(--vc-tint); color: var(--vc-text); }
.th-round-photo .vc-avatar-img, .th-round-photo .vc-avatar .vc-initials { width: 148px; height: 148px; box-shadow: 0 0 0 4px var(--vc-band), 0 0 0 5px var(--vc-band-edge); }
.th-round-photo .vc-actions { padding-top: 10px; }
.th-round-photo .vc-action-icon { border-radius: 14px; }`,
  },
  'square-photo': {
    options: {},
    css: `.th-square-photo .vc-side-head { background: var(--vc-surface); color: var(--vc-text); border-bottom: 4px solid var(--vc-band); }
.th-square-photo .vc-side-img, .th-square-photo .vc-side-head .vc-initials { border-radius: 0; width: 110px; height: 110px; }
.th-square-photo .vc-side-head .vc-initials { border: none; background: var(--vc-band); color: var(--vc-on-band); }
.th-square-photo .vc-name { color: var(--vc-accent); }
.th-square-photo .vc-action-icon, .th-square-photo .vc-save { border-radius: 6px; }`,
  },
  sidebar: {
    options: {},
    css: `.th-sidebar { border-left: 12px solid var(--vc-band); border-radius: 6px; }
.th-sidebar .vc-side-head { background: none; color: var(--vc-text); padding-bottom: 8px; }
.th-sidebar .vc-side-img, .th-sidebar .vc-side-head .vc-initials { border-radius: 50%; width: 84px; height: 84px; }
.th-sidebar .vc-side-head .vc-initials { border: none; background: var(--vc-band); color: var(--vc-on-band); }
.th-sidebar .vc-rows { border-top: 1px dashed color-mix(in srgb, var(--vc-text) 25%, transparent); margin: 8px 16px 0; padding: 8px 0; }`,
  },
  banner: {
    options: {},
    css: `.th-banner { --vc-overlap: 48px; }
.th-banner .vc-head { min-height: 150px; align-items: center; }
.th-banner .vc-head .vc-logo { max-height: 80px; }
.th-banner .vc-avatar { justify-content: flex-start; padding-left: 22px; }
.th-banner .vc-avatar-img, .th-banner .vc-avatar .vc-initials { width: 96px; height: 96px; border-radius: 18px; }
.th-banner .vc-center { text-align: left; padding: 12px 22px 4px; }`,
  },
  split: {
    options: {},
    css: `.th-split .vc-side-head { align-items: stretch; padding: 0; gap: 0; }
.th-split .vc-side-img, .th-split .vc-side-head .vc-initials { width: 45%; height: auto; min-height: 200px; border-radius: 0; border: none; aspect-ratio: auto; }
.th-split .vc-side-head .vc-initials { background: var(--vc-band-deep); }
.th-split .vc-side-head .vc-name-block { padding: 20px 16px; align-self: center; }
.th-split .vc-name { font-size: 1.3rem; }
.th-split .vc-actions { background: var(--vc-tint); padding-bottom: 14px; }`,
  },
  elegant: {
    options: { logoOn: ['surface'] },
    css: `.th-elegant { font-family: Georgia, "Times New Roman", serif; border-radius: 2px; }
.th-elegant .vc-head { background: var(--vc-surface); color: var(--vc-text); min-height: 90px; padding-bottom: 16px; border-bottom: 1px solid var(--vc-accent); margin: 0 24px; }
.th-elegant .vc-avatar { margin-top: 20px; }
.th-elegant .vc-avatar-img, .th-elegant .vc-avatar .vc-initials { width: 104px; height: 104px; border: 1px solid var(--vc-accent); padding: 4px; background: var(--vc-surface); color: var(--vc-accent); }
.th-elegant .vc-name { font-weight: 400; font-size: 1.7rem; letter-spacing: .02em; }
.th-elegant .vc-position { font-style: italic; }
.th-elegant .vc-company { text-transform: uppercase; letter-spacing: .12em; font-size: .8rem; color: var(--vc-accent); }
.th-elegant .vc-action-icon { outline: none; background: none; color: var(--vc-accent); border: 1px solid var(--vc-accent); box-shadow: none; }
.th-elegant .vc-save { border-radius: 0; }`,
  },
  compact: {
    options: {},
    css: `.th-compact { font-size: .92rem; border-radius: 10px; }
.th-compact .vc-side-head { padding: 12px 14px; gap: 12px; }
.th-compact .vc-side-img, .th-compact .vc-side-head .vc-initials { width: 64px; height: 64px; border-radius: 50%; font-size: 1.3rem; }
.th-compact .vc-name { font-size: 1.15rem; }
.th-compact .vc-actions { padding: 10px 12px 0; gap: 6px; }
.th-compact .vc-action-icon { width: 44px; height: 44px; }
.th-compact .vc-row { padding: 6px 10px; min-height: 44px; }
.th-compact .vc-row-icon { width: 30px; height: 30px; }
.th-compact .vc-save { min-height: 44px; }`,
  },
  tiles: {
    options: { order: ['save', 'rows', 'actions', 'social', 'legal'] },
    css: `.th-tiles .vc-band { text-align: right; }
.th-tiles .vc-logo-bar { justify-content: flex-end; }
.th-tiles .vc-rows { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; padding: 12px; }
.th-tiles .vc-row { flex-direction: column; align-items: flex-start; gap: 8px; background: var(--vc-tint); border-radius: 14px; }
.th-tiles .vc-row-icon { background: var(--vc-surface); }
.th-tiles .vc-row-text small { color: var(--vc-text); }
.th-tiles .vc-action-icon { border-radius: 12px; }`,
  },
  outline: {
    options: {},
    css: `.th-outline { --vc-overlap: 50px; box-shadow: none; border: 2px solid var(--vc-band); }
.th-outline .vc-action-icon, .th-outline .vc-social a { outline: none; background: var(--vc-surface); color: var(--vc-accent); border: 2px solid var(--vc-accent); box-shadow: none; }
.th-outline .vc-save { outline: none; background: var(--vc-surface); color: var(--vc-accent); border: 2px solid var(--vc-accent); }
.th-outline a.vc-save { color: var(--vc-accent); }
.th-outline .vc-row-icon { background: none; border: 1px solid var(--vc-accent); }`,
  },
  gradient: {
    options: {},
    css: `.th-gradient { --vc-radius: 28px; }
.th-gradient .vc-band { background: linear-gradient(135deg, var(--vc-band), var(--vc-band-deep)); padding: 24px 22px; }
.th-gradient .vc-hero-empty { background: linear-gradient(135deg, var(--vc-band-deep), var(--vc-band)); }
.th-gradient .vc-action-icon, .th-gradient .vc-save { background: linear-gradient(135deg, var(--vc-band), var(--vc-band-deep)); }`,
  },
  classic: {
    options: {},
    css: `.th-classic { border-radius: 6px; }
.th-classic .vc-plain-head { justify-content: flex-end; padding: 18px 20px 0; border-top: 8px solid var(--vc-band); min-height: 40px; }
.th-classic .vc-plain-name { text-align: left; padding: 0 20px 14px; border-bottom: 1px solid color-mix(in srgb, var(--vc-text) 15%, transparent); }
.th-classic .vc-name { font-size: 1.3rem; text-transform: uppercase; letter-spacing: .06em; }
.th-classic .vc-position { color: var(--vc-accent); }
.th-classic .vc-action-icon { border-radius: 4px; width: 44px; height: 44px; }
.th-classic .vc-save { border-radius: 4px; }`,
  },
  bold: {
    options: { surface: 'band' },
    css: `.th-bold .vc-band { padding: 22px; }
.th-bold .vc-name { font-size: 2rem; font-weight: 800; line-height: 1.05; }
.th-bold .vc-action-icon, .th-bold .vc-social a { outline: none; background: var(--vc-on-band); color: var(--vc-band); }
.th-bold .vc-save { outline: none; background: var(--vc-on-band); color: var(--vc-band); }
.th-bold a.vc-save { color: var(--vc-band); }`,
  },
  paper: {
    options: { surface: '#f7f3ea' },
    css: `.th-paper { font-family: "Palatino Linotype", Palatino, Georgia, serif; border-radius: 3px; box-shadow: 0 1px 2px rgba(0, 0, 0, .15), 0 12px 24px rgba(60, 40, 10, .12); }
.th-paper .vc-plain-head { padding-top: 32px; }
.th-paper .vc-name { font-weight: 600; font-size: 1.6rem; }
.th-paper .vc-plain-name::after { content: ""; display: block; width: 60px; height: 3px; margin: 14px auto 0; background: var(--vc-band); }
.th-paper .vc-action-icon, .th-paper .vc-row-icon { border-radius: 4px; }`,
  },
  testing: {
    options: {},
    css: `.th-testing { font-family: ui-monospace, Menlo, Consolas, monospace; border: 2px dashed var(--vc-accent); border-radius: 0; box-shadow: none; }
.th-testing::before { content: "TEST"; display: block; padding: 4px 10px; background: var(--vc-band); color: var(--vc-on-band); font-weight: 700; letter-spacing: .3em; }
.th-testing .vc-name { font-size: 1.2rem; }
.th-testing .vc-row { border-bottom: 1px dotted color-mix(in srgb, var(--vc-text) 30%, transparent); border-radius: 0; }`,
  },
};

/** The theme table, in picker order. */
export const themeTable: readonly ThemeDef[] = (Object.keys(themeLabels) as ThemeName[]).map((name) => ({ name, label: themeLabels[name], layout: themeLayouts[name].layout, ...entries[name], options: { ...entries[name].options, ...(themeLayouts[name].photo === false ? { photo: false } : {}) } }));

export const themeByName = new Map<ThemeName, ThemeDef>(themeTable.map((t) => [t.name, t]));
