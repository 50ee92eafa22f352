import { AvatarCard, useCardView, useThemeCss } from '../kit.tsx';
import type { ThemeProps } from '../kit.tsx';
import css from './theme.css' with { type: 'text' };

/** Dark surface, round avatar on a head fading from the company colour to black, rows on a raised panel. */
export default function DarkRound(props: ThemeProps) {
  useThemeCss('dark-round', css as string);
  const v = useCardView(props, { surface: '#0f1115' });
  return <AvatarCard v={v} className="th-dark-round" />;
}
