import { HeroCard, useCardView, useThemeCss } from '../kit.tsx';
import type { ThemeProps } from '../kit.tsx';
import css from './theme.css' with { type: 'text' };

/** The default layout on a dark surface. */
export default function Dark(props: ThemeProps) {
  useThemeCss('dark', css as string);
  const v = useCardView(props, { surface: '#121820' });
  return <HeroCard v={v} className="th-dark" />;
}
