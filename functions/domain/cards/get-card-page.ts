import { fileResult } from '../../lib/http.ts';
import type { FileResult } from '../../lib/http.ts';
import { cardPageTemplate } from '../../lib/card-page-template.ts';
import { cardPageHtml } from './card-page-html.ts';
import { getPublicCard } from './get-public-card.ts';
import { publicCardSchema } from '../../../shared/schemas/card.ts';

export const HTML = 'text/html; charset=utf-8';

/**
 * `GET /c/{id}`: the public page with the active card inside, the same card `GET /api/card/{id}`
 * answers (same read, same rules). A card that is not there throws as that route does; the
 * handler then answers `cardPageWithoutCard`.
 */
export async function getCardPage(o: { personId: string }): Promise<FileResult> {
  const [card, template] = await Promise.all([getPublicCard(o), cardPageTemplate()]);
  // The API's output schema filters what `GET /api/card/{id}` sends; the page carries exactly that.
  return fileResult(HTML, cardPageHtml({ template, card: publicCardSchema.parse(card) }));
}

/** The page for every id without an active card (unknown, inactive, malformed): always the same bytes. */
export async function cardPageWithoutCard(): Promise<string> {
  return cardPageHtml({ template: await cardPageTemplate() });
}
