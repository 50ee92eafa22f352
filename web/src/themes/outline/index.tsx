import { AvatarCard, useCardView, useThemeCss } from '../kit.tsx';
import type { ThemeProps } from '../kit.tsx';
import css from './theme.css' with { type: 'text' };

/** Outlined: a company-coloured frame, outlined buttons and icons instead of filled ones. */
export default function Outline(props: ThemeProps) {
  useThemeCss('outline', css as string);
  const v = useCardView(props);
  return <AvatarCard v={v} className="th-outline" />;
}
