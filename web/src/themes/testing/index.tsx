import { PlainCard, useCardView, useThemeCss } from '../kit.tsx';
import type { ThemeProps } from '../kit.tsx';
import css from './theme.css' with { type: 'text' };

/** For trying things out (admins only): plain monospace layout, dashed frame, a TEST strip. */
export default function Testing(props: ThemeProps) {
  useThemeCss('testing', css as string);
  const v = useCardView(props);
  return <PlainCard v={v} className="th-testing" />;
}
