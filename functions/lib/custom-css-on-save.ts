import type { ScopedCss } from './custom-css.ts';

// Saving a profile or legacy settings checks customCss and stores the scoped result beside it
// (SCOPED_CSS, functions/domain/profiles/profile-item.ts). The parser (./custom-css.ts with the CSS
// tokenizer) is loaded only when there is CSS to check: a save without CSS, and every route that
// never saves CSS, does not import it.

/**
 * For the write paths: the CSS scoped to the card root with the uploads it loads, or null when
 * there is none; a refused customCss is a 400 on `settings.customCss`, nothing is written.
 */
export async function checkedCustomCss(css: string | null | undefined): Promise<ScopedCss | null> {
  if (!css?.trim()) return null;
  const { requireValidCustomCss } = await import('./custom-css.ts');
  return requireValidCustomCss(css);
}
