import { cardContent } from '../../../shared/card/content.ts';
import { CARD_DATA_ELEMENT_ID, publicCardInput } from '../../../shared/card/page-data.ts';
import { pageTexts } from '../../../shared/card/page-texts.ts';
import { profileLanguage, themePhotoSizes } from '../../../shared/card/themes.ts';
import type { PublicCard } from '../../../shared/card/types.ts';
import { imageMimeTypes, imageSrcset } from '../../../shared/images.ts';

// The public card page as the server sends it (`GET /c/{id}`): the built card.html with the card
// in it, so the page draws the card without asking the API first, and with the photo's preload,
// so the browser loads the photo while it still loads the script. Everything else (language of
// the visitor's browser, logo plates) the page does as before.

/** Where the template (web/card.html) takes the card's preload and data. */
export const CARD_DATA_MARKER = '<!--card-data-->';
const TEMPLATE_TITLE = /<title>[^<]*<\/title>/;
const TEMPLATE_DESCRIPTION = /<meta name="description" content="[^"]*">/;
const TEMPLATE_LANG = /<html lang="[a-z]+">/;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

/**
 * JSON as the text of a script element: no `<` (so no `</script>` or `<!--` in a card's text or
 * custom CSS can end or bend the element), no `>`/`&`, no line separators; JSON.parse reads it back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The preload of the photo in the format and widths the theme's `<picture>` offers first (AVIF:
 * a browser without it skips the preload and takes its own source later), with the same `sizes`,
 * so the browser picks the very file the page will draw.
 */
export function photoPreload(card: PublicCard): string | undefined {
  const photo = card.person.image?.trim();
  const sizes = themePhotoSizes(card.profile?.settings?.theme);
  if (!photo || !sizes) return undefined;
  return `<link rel="preload" as="image" type="${imageMimeTypes.avif}" imagesrcset="${escapeHtml(imageSrcset('image', photo, 'avif'))}" imagesizes="${escapeHtml(sizes)}" fetchpriority="high">`;
}

function replaceOnce(html: string, pattern: RegExp | string, by: string): string {
  const found = typeof pattern === 'string' ? html.includes(pattern) : pattern.test(html);
  if (!found) throw new Error(`card.html ohne ${String(pattern)}: die Vorlage (web/card.html) passt nicht zu functions/domain/cards/card-page-html.ts`);
  return html.replace(pattern, () => by);
}

/**
 * The page for a card: its title and description (the language its theme fixes, else the
 * company's: the shared CDN copy cannot depend on the visitor), the photo's preload and the card's
 * JSON. Without a card: the template unchanged but for the marker, so an unknown, an inactive and
 * a malformed id get the very same bytes (the page then shows its not-found page).
 */
export function cardPageHtml(o: { template: string; card?: PublicCard | undefined }): string {
  if (!o.card) return replaceOnce(o.template, CARD_DATA_MARKER, '');
  const card = o.card;
  const lang = profileLanguage(card.profile?.settings?.theme, card.lang);
  const content = cardContent(publicCardInput(card, lang));
  const texts = pageTexts[lang];
  const title = content.title || texts.documentTitle;
  const who = [content.name, content.position, content.company].filter(Boolean).join(', ');
  const description = who ? texts.description.replace('{name}', who) : texts.documentTitle;
  const head = [photoPreload(card), `<script type="application/json" id="${CARD_DATA_ELEMENT_ID}">${jsonForScript(card)}</script>`].filter(Boolean).join('\n    ');
  let html = replaceOnce(o.template, TEMPLATE_LANG, `<html lang="${lang}">`);
  html = replaceOnce(html, TEMPLATE_TITLE, `<title>${escapeHtml(title)}</title>`);
  html = replaceOnce(html, TEMPLATE_DESCRIPTION, `<meta name="description" content="${escapeHtml(description)}">`);
  return replaceOnce(html, CARD_DATA_MARKER, head);
}
