import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { resolveThemeName } from '../../../shared/card/themes.ts';
import type { ThemeName } from '../../../shared/card/themes.ts';
import type { ThemeProps } from './types.ts';
import TheVcard from './the-vcard/index.tsx';

// The theme registry: one folder per theme, each its own chunk with its own CSS. The public card
// and the form preview both render through `themeComponent`, so the preview is the public card.
// Names and labels are plain data in shared/card/themes.ts; the type below makes this list
// complete (a name without a folder does not compile).

type ThemeModule = { default: ComponentType<ThemeProps> };

const loaders: Record<ThemeName, () => Promise<ThemeModule>> = {
  // The default theme, which most cards use, comes with the page: no chunk request between the
  // card's data and its first paint (issue 20: LCP of the public card).
  'the-vcard': () => Promise.resolve({ default: TheVcard }),
  'the-vcard-en': () => import('./the-vcard-en/index.tsx'),
  'the-vcard-v2': () => import('./the-vcard-v2/index.tsx'),
  'the-vcard-button-swap': () => import('./the-vcard-button-swap/index.tsx'),
  NoPicture: () => import('./NoPicture/index.tsx'),
  dark: () => import('./dark/index.tsx'),
  'dark-round': () => import('./dark-round/index.tsx'),
  minimal: () => import('./minimal/index.tsx'),
  'round-photo': () => import('./round-photo/index.tsx'),
  'square-photo': () => import('./square-photo/index.tsx'),
  sidebar: () => import('./sidebar/index.tsx'),
  banner: () => import('./banner/index.tsx'),
  split: () => import('./split/index.tsx'),
  elegant: () => import('./elegant/index.tsx'),
  compact: () => import('./compact/index.tsx'),
  tiles: () => import('./tiles/index.tsx'),
  outline: () => import('./outline/index.tsx'),
  gradient: () => import('./gradient/index.tsx'),
  classic: () => import('./classic/index.tsx'),
  bold: () => import('./bold/index.tsx'),
  paper: () => import('./paper/index.tsx'),
  testing: () => import('./testing/index.tsx'),
};

const loaded = new Map<string, LazyExoticComponent<ComponentType<ThemeProps>>>();

/** The registered name for a theme setting; unknown or missing names fall back to the default. */
export function resolveTheme(name: string | null | undefined): ThemeName {
  return resolveThemeName(name);
}

/** Starts loading a theme's chunk (the public page calls it as soon as it knows the name). */
export function loadTheme(name: string | null | undefined): Promise<ThemeModule> {
  return loaders[resolveTheme(name)]();
}

export function themeComponent(name: string | null | undefined): LazyExoticComponent<ComponentType<ThemeProps>> {
  const key = resolveTheme(name);
  let component = loaded.get(key);
  if (!component) {
    component = lazy(loaders[key]);
    loaded.set(key, component);
  }
  return component;
}
