import { HeroCard, useCardView, useThemeCss } from '../kit.tsx';
import type { ThemeProps } from '../kit.tsx';
import css from './theme.css' with { type: 'text' };

/** Bold: the whole card in the company colour, large name, inverted buttons. */
export default function Bold(props: ThemeProps) {
  useThemeCss('bold', css as string);
  const v = useCardView(props, { surface: 'band' });
  return <HeroCard v={v} className="th-bold" />;
}
