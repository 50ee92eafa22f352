import type { CardInput } from '../../../shared/card/types.ts';

/** What a theme component receives: the card's raw parts; it derives what to show with `cardContent`. */
export type ThemeProps = CardInput;
