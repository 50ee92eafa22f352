import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { DEFAULT_THEME } from '../../../shared/schemas/profile.ts';
import type { ThemeProps } from './types.ts';

// The theme registry: one folder per theme, each its own chunk. The public card and the form
// preview both render through `themeComponent`, so the preview is exactly the public card.

type ThemeModule = { default: ComponentType<ThemeProps> };

const loaders: Record<string, () => Promise<ThemeModule>> = {
  'the-vcard': () => import('./the-vcard/index.tsx'),
};

const loaded = new Map<string, LazyExoticComponent<ComponentType<ThemeProps>>>();

/** The registered name for a theme setting; unknown or missing names fall back to the default. */
export function resolveTheme(name: string | null | undefined): string {
  return name && Object.hasOwn(loaders, name) ? name : DEFAULT_THEME;
}

export function themeComponent(name: string | null | undefined): LazyExoticComponent<ComponentType<ThemeProps>> {
  const key = resolveTheme(name);
  let component = loaded.get(key);
  if (!component) {
    component = lazy(loaders[key]!);
    loaded.set(key, component);
  }
  return component;
}
