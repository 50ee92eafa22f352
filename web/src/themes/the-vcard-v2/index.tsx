import { AvatarCard, useCardView, useThemeCss } from '../kit.tsx';
import type { ThemeProps } from '../kit.tsx';
import css from './theme.css' with { type: 'text' };

/** Version 2: a curved company-coloured head with the logo, the photo as a round avatar, centred name. */
export default function TheVcardV2(props: ThemeProps) {
  useThemeCss('the-vcard-v2', css as string);
  const v = useCardView(props);
  return <AvatarCard v={v} className="th-the-vcard-v2" />;
}
