import { PlainCard, useCardView, useThemeCss } from '../kit.tsx';
import type { ThemeProps } from '../kit.tsx';
import css from './theme.css' with { type: 'text' };

/** Paper: a warm off-white card with serif type, the logo on top, a short company-coloured rule under the name. */
export default function Paper(props: ThemeProps) {
  useThemeCss('paper', css as string);
  const v = useCardView(props, { surface: '#f7f3ea' });
  return <PlainCard v={v} className="th-paper" />;
}
