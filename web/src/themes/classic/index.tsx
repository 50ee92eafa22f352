import { PlainCard, useCardView, useThemeCss } from '../kit.tsx';
import type { ThemeProps } from '../kit.tsx';
import css from './theme.css' with { type: 'text' };

/** A classic business card: company-coloured top edge, logo top right, name in capitals, square buttons; no photo. */
export default function Classic(props: ThemeProps) {
  useThemeCss('classic', css as string);
  const v = useCardView(props);
  return <PlainCard v={v} className="th-classic" />;
}
