import { HeroCard, useCardView, useThemeCss } from '../kit.tsx';
import type { ThemeProps } from '../kit.tsx';
import css from './theme.css' with { type: 'text' };

/** The contact details as tinted tiles in two columns, square action buttons, name right-aligned. */
export default function Tiles(props: ThemeProps) {
  useThemeCss('tiles', css as string);
  const v = useCardView(props);
  return <HeroCard v={v} className="th-tiles" order={['save', 'rows', 'actions', 'social', 'legal']} />;
}
