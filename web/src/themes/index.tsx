import type { ComponentType } from 'react';
import { resolveThemeName } from '../../../shared/card/themes.ts';
import type { ThemeName } from '../../../shared/card/themes.ts';
import { ThemeView } from './kit.tsx';
import { themeByName } from './table.ts';
import type { ThemeProps } from './types.ts';

// The theme registry: every theme is a row of the table (table.ts) drawn by the kit's ThemeView.
// The public card and the form previews both render through `themeComponent`, so a preview is the
// public card. The components stay React components; the public page runs them on preact/compat.

const components = new Map<ThemeName, ComponentType<ThemeProps>>();

/** The registered name for a theme setting; unknown or missing names fall back to the default. */
export function resolveTheme(name: string | null | undefined): ThemeName {
  return resolveThemeName(name);
}

/** The component of a theme (the default one for an unknown name). */
export function themeComponent(name: string | null | undefined): ComponentType<ThemeProps> {
  const key = resolveTheme(name);
  let component = components.get(key);
  if (!component) {
    const theme = themeByName.get(key)!;
    component = (props: ThemeProps) => <ThemeView {...props} theme={theme} />;
    components.set(key, component);
  }
  return component;
}
