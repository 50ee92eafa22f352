import { cardMessages } from '../messages/card.ts';

// Texts of the public card page around the card (before its language is known), kept apart from
// the back-office catalogue aggregator so the page loads only these words.
export const cardPageTexts = {
  notFound: cardMessages.notFound,
  loadFailed: 'Karte konnte nicht geladen werden',
  retry: 'Erneut versuchen',
  documentTitle: 'Visitenkarte',
} as const;
