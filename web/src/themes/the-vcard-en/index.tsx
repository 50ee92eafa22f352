import { HeroCard, useCardView, useThemeCss } from '../kit.tsx';
import type { ThemeProps } from '../kit.tsx';
import css from './theme.css' with { type: 'text' };

/** The default theme with English labels on the card, whatever the company language. */
export default function TheVcardEn(props: ThemeProps) {
  useThemeCss('the-vcard-en', css as string);
  const v = useCardView(props, { lang: 'en' });
  return <HeroCard v={v} className="th-the-vcard-en" />;
}
