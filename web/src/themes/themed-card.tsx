import { themeComponent } from './index.tsx';
import type { ThemeProps } from './types.ts';

/** A card in the theme its profile names (the default one for unknown names). */
export function ThemedCard(props: ThemeProps) {
  const Theme = themeComponent(props.profile?.settings.theme);
  return <Theme {...props} />;
}
