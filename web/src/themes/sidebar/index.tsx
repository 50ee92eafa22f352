import { SideCard, useCardView, useThemeCss } from '../kit.tsx';
import type { ThemeProps } from '../kit.tsx';
import css from './theme.css' with { type: 'text' };

/** A broad company-coloured stripe down the left edge, round photo beside the name. */
export default function Sidebar(props: ThemeProps) {
  useThemeCss('sidebar', css as string);
  const v = useCardView(props);
  return <SideCard v={v} className="th-sidebar" />;
}
