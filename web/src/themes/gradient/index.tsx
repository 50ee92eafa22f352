import { HeroCard, useCardView, useThemeCss } from '../kit.tsx';
import type { ThemeProps } from '../kit.tsx';
import css from './theme.css' with { type: 'text' };

/** The default layout with gradients of the company colour on the name band and the buttons. */
export default function Gradient(props: ThemeProps) {
  useThemeCss('gradient', css as string);
  const v = useCardView(props);
  return <HeroCard v={v} className="th-gradient" />;
}
