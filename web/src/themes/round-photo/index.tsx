import { AvatarCard, useCardView, useThemeCss } from '../kit.tsx';
import type { ThemeProps } from '../kit.tsx';
import css from './theme.css' with { type: 'text' };

/** A large round photo ringed in the company colour on a light tinted head. */
export default function RoundPhoto(props: ThemeProps) {
  useThemeCss('round-photo', css as string);
  const v = useCardView(props);
  return <AvatarCard v={v} className="th-round-photo" />;
}
