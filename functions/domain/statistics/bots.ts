// Known crawlers and link-preview fetchers (a chat app unfurling a shared card link is not a
// person looking at the card). Matched case-insensitively as substrings of the user agent as the
// CDN logs it (URL-encoded: spaces are %20, so no entry relies on a space).
//
// Deliberately NOT listed: `HeadlessChrome` (also what automated browser tests and some real
// kiosk browsers send), curl/wget/python (rare on card links, and not what the issue asks).
// docs/statistics.md explains the list; extend it here.

export const botUserAgentPatterns: readonly string[] = [
  // Generic crawler words: Googlebot, bingbot, Applebot, YandexBot, DuckDuckBot, GPTBot, Twitterbot,
  // LinkedInBot, Slackbot(-LinkExpanding), Discordbot, TelegramBot, redditbot, Pinterestbot, Amazonbot ...
  'bot/', 'bot-', 'bot;', 'bot%20', 'bot)', 'bot_', 'bot+', 'crawler', 'spider', 'slurp',
  // Link-preview fetchers of messengers and social networks (iMessage sends facebookexternalhit too).
  'facebookexternalhit', 'facebookcatalog', 'meta-externalagent', 'whatsapp', 'viber', 'mastodon',
  'preview', // SkypeUriPreview (Teams, Skype), Google Web Preview, Quora Link Preview, Snap URL Preview, BitlyPreview
  'embedly', 'iframely', 'vkshare', 'pinterest', 'outbrain', 'flipboard', 'tumblr', 'nuzzel', 'w3c_validator',
  'mediapartners-google', 'google-inspectiontool', 'googleother', 'google-read-aloud', 'lighthouse', 'ia_archiver',
];

// Ends like `...Googlebot` with nothing after it are caught by this one.
const trailingBot = /bot$/i;

/** Android phones of the brand CUBOT carry "CUBOT" in their user agent; they are people. */
const notBots = /cubot/gi;

export function isBotUserAgent(userAgent: string): boolean {
  if (userAgent === '' || userAgent === '-') return false;
  const ua = userAgent.toLowerCase().replace(notBots, '');
  if (trailingBot.test(ua)) return true;
  for (const p of botUserAgentPatterns) if (ua.includes(p)) return true;
  return false;
}
