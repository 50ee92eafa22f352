import { SideCard, useCardView, useThemeCss } from '../kit.tsx';
import type { ThemeProps } from '../kit.tsx';
import css from './theme.css' with { type: 'text' };

/** A square photo left of the name on the card surface, a company-coloured rule, square buttons. */
export default function SquarePhoto(props: ThemeProps) {
  useThemeCss('square-photo', css as string);
  const v = useCardView(props);
  return <SideCard v={v} className="th-square-photo" />;
}
