import { SideCard, useCardView, useThemeCss } from '../kit.tsx';
import type { ThemeProps } from '../kit.tsx';
import css from './theme.css' with { type: 'text' };

/** Two halves: a tall photo on the left, the name on the company colour on the right; actions on a tinted strip. */
export default function Split(props: ThemeProps) {
  useThemeCss('split', css as string);
  const v = useCardView(props);
  return <SideCard v={v} className="th-split" />;
}
