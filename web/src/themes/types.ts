import type { CardInput } from '../../../shared/card/types.ts';

/** What a theme component receives: the card's raw parts; it derives what to show with `cardContent`. */
export interface ThemeProps extends CardInput {
  /** The stored card's id: 'Kontakt speichern' links its vCard. Absent in the form preview of a new card. */
  cardId?: string | undefined;
}
