import { AvatarCard, useCardView, useThemeCss } from '../kit.tsx';
import type { ThemeProps } from '../kit.tsx';
import css from './theme.css' with { type: 'text' };

/** Elegant: serif type, thin lines in the company colour, a small framed portrait, no colour blocks. */
export default function Elegant(props: ThemeProps) {
  useThemeCss('elegant', css as string);
  const v = useCardView(props);
  return <AvatarCard v={v} className="th-elegant" />;
}
