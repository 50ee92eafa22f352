import { Suspense } from 'react';
import { themeComponent } from './index.ts';
import type { ThemeProps } from './types.ts';

/** A card in the theme its profile names (the default one for unknown names). */
export function ThemedCard(props: ThemeProps) {
  const Theme = themeComponent(props.profile?.settings.theme);
  return (
    <Suspense fallback={null}>
      <Theme {...props} />
    </Suspense>
  );
}
