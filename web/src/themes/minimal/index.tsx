import { PlainCard, useCardView, useThemeCss } from '../kit.tsx';
import type { ThemeProps } from '../kit.tsx';
import css from './theme.css' with { type: 'text' };

/** Minimal: no colour block, light type, the logo top left, outlined buttons. */
export default function Minimal(props: ThemeProps) {
  useThemeCss('minimal', css as string);
  const v = useCardView(props);
  return <PlainCard v={v} className="th-minimal" order={['rows', 'actions', 'save', 'social', 'legal']} />;
}
