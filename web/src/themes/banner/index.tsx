import { AvatarCard, useCardView, useThemeCss } from '../kit.tsx';
import type { ThemeProps } from '../kit.tsx';
import css from './theme.css' with { type: 'text' };

/** A tall logo banner in the company colour, a rounded-square photo overlapping it on the left, text left-aligned. */
export default function Banner(props: ThemeProps) {
  useThemeCss('banner', css as string);
  const v = useCardView(props);
  return <AvatarCard v={v} className="th-banner" />;
}
