import { SideCard, useCardView, useThemeCss } from '../kit.tsx';
import type { ThemeProps } from '../kit.tsx';
import css from './theme.css' with { type: 'text' };

/** Compact: a small round photo beside the name, tight rows, everything on one phone screen. */
export default function Compact(props: ThemeProps) {
  useThemeCss('compact', css as string);
  const v = useCardView(props);
  return <SideCard v={v} className="th-compact" />;
}
