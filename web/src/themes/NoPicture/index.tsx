import { HeroCard, useCardView, useThemeCss } from '../kit.tsx';
import type { ThemeProps } from '../kit.tsx';
import css from './theme.css' with { type: 'text' };

/** No photo, even when the card has one: the logo (or the initials) and the name on one company-coloured block. */
export default function NoPicture(props: ThemeProps) {
  useThemeCss('NoPicture', css as string);
  const v = useCardView(props);
  return <HeroCard v={v} className="th-NoPicture" photo={false} />;
}
