import { HeroCard, useCardView, useThemeCss } from '../kit.tsx';
import type { ThemeProps } from '../kit.tsx';
import css from './theme.css' with { type: 'text' };

/** The default theme: full-width photo with the logo placed over it, the name on the company colour, quick actions, contact rows. */
export default function TheVcard(props: ThemeProps) {
  useThemeCss('the-vcard', css as string);
  const v = useCardView(props);
  return <HeroCard v={v} className="th-the-vcard" />;
}
