import { cardMessages } from '../messages/card.ts';
import type { CardLang } from './labels.ts';

// Texts of the public pages around a card (loading problems, the designed not-found page), in the
// visitor's language, kept apart from the back-office catalogue so the page loads only these words.
// German first: its strings are the spec's.

export interface PageTexts {
  notFound: string;
  /** Below the heading: what may have happened, without saying whether such a card exists. */
  notFoundHint: string;
  loadFailed: string;
  loadFailedHint: string;
  retry: string;
  back: string;
  documentTitle: string;
  /** The page's meta description (link previews, search results); `{name}` is the card's display name. */
  description: string;
}

export const pageTexts: Record<CardLang, PageTexts> = {
  de: {
    notFound: cardMessages.notFound,
    notFoundHint: 'Diese Visitenkarte ist nicht verfügbar. Vielleicht ist der Link unvollständig, oder die Karte wurde deaktiviert. Bitte fragen Sie Ihren Kontakt nach einem neuen Link.',
    loadFailed: 'Karte konnte nicht geladen werden',
    loadFailedHint: 'Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
    retry: 'Erneut versuchen',
    back: 'Zurück',
    documentTitle: 'Visitenkarte',
    description: 'Digitale Visitenkarte von {name}',
  },
  en: {
    notFound: 'Card not found',
    notFoundHint: 'This business card is not available. The link may be incomplete, or the card has been deactivated. Please ask your contact for a new link.',
    loadFailed: 'The card could not be loaded',
    loadFailedHint: 'Please check your internet connection and try again.',
    retry: 'Try again',
    back: 'Back',
    documentTitle: 'Business card',
    description: 'Digital business card of {name}',
  },
};

/** The German texts (the spec's wording), where no visitor language applies. */
export const cardPageTexts = pageTexts.de;
