import type { CardInput } from './types.ts';
import type { PublicCard } from './types.ts';
import type { CardLang } from './labels.ts';

// The public card page `/c/{id}` arrives with its card: the server (functions/domain/cards/card-page-html.ts)
// writes the same JSON `GET /api/card/{id}` answers into a non-executing script element, and the
// page (web/src/public/card-page.tsx) reads it instead of asking the API. One name for that element.

/** id of the `<script type="application/json">` element that holds the card on `/c/{id}`. */
export const CARD_DATA_ELEMENT_ID = 'card-data';

/**
 * The card's parts as the themes (and the page's title) take them: the company's org is the
 * display-name fallback (spec §2).
 */
export function publicCardInput(card: PublicCard, lang: CardLang): CardInput & { lang: CardLang } {
  return { person: { ...card.person, org: card.person.org?.trim() ? card.person.org : card.org }, profile: card.profile, lang };
}
