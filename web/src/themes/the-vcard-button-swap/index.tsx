import { HeroCard, useCardView, useThemeCss } from '../kit.tsx';
import type { ThemeProps } from '../kit.tsx';
import css from './theme.css' with { type: 'text' };

/** The default theme with the buttons swapped: 'Kontakt speichern' first, then the actions as full-width buttons. */
export default function TheVcardButtonSwap(props: ThemeProps) {
  useThemeCss('the-vcard-button-swap', css as string);
  const v = useCardView(props);
  return <HeroCard v={v} className="th-the-vcard-button-swap" order={['save', 'actions', 'rows', 'social', 'legal']} />;
}
