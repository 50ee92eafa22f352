// The security headers of every answer, defined once: the CDK stack builds CloudFront's response
// headers policy from them and the local server sends the same, so the browser tests run under
// the exact CSP of production.

/**
 * Scripts only from our origin (no inline scripts, no eval). Styles may be inline: the cropper
 * and the card themes inject <style> elements. Images also from data:/blob: (cropper previews, QR).
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Two years, subdomains included (the product owns its domain); browsers only honour it over HTTPS. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;

export const securityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': contentSecurityPolicy,
  'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};
