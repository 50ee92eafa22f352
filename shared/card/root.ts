/**
 * Class of the element that holds a public card. The profile's `customCss` is scoped to it when
 * the profile is saved (every selector becomes a descendant of `.vk-card-root`; `:root`, `html` and `body`
 * become the root itself), so the page must put exactly this class on the card's outer element.
 */
export const CARD_ROOT_CLASS = 'vk-card-root';
export const CARD_ROOT_SELECTOR = `.${CARD_ROOT_CLASS}`;
