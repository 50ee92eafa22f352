// What CloudFront does at the edge, in one place: the CDK stack deploys these as CloudFront
// Functions and the local server does the same. `spaRewrite` must stay plain ES5-style
// JavaScript inside its body: its source text becomes the CloudFront Function.
export function spaRewrite(uri: string): string {
  if (uri.indexOf('/api/') === 0 || uri === '/api') return uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1) return uri;
  // The public pages have their own small HTML and entry (no back-office code); `/c/…` reaches this
  // only where no CDN behaviour sends it to the API (cardPagePath).
  if (uri.indexOf('/c/') === 0 || uri.indexOf('/qr/') === 0) return '/card.html';
  return '/index.html';
}

/**
 * `/c/…` is answered by the API (the page with its card inside, route `cardPage`), which knows only
 * `/c/{id}`: `/c/{id}/` becomes `/c/{id}`, and any other path under `/c/` (`/c/`, `/c/a/b`) becomes
 * `/c/-`, which names no card, so it gets the same not-found page as an unknown id. Plain ES5-style
 * JavaScript: its source text becomes the CloudFront Function of the `/c/*` behaviour.
 */
export function cardPagePath(uri: string): string {
  var rest = uri.substring(3);
  if (rest.charAt(rest.length - 1) === '/') rest = rest.substring(0, rest.length - 1);
  if (rest === '' || rest.indexOf('/') !== -1) return '/c/-';
  return '/c/' + rest;
}

/** Source of the CloudFront Function (cloudfront-js-2.0) of the `/c/*` behaviour, built from `cardPagePath` itself. */
export function cardPageFunctionCode(): string {
  return [
    `var cardPagePath = ${cardPagePath.toString()};`,
    'function handler(event) {',
    '  var request = event.request;',
    '  request.uri = cardPagePath(request.uri);',
    '  return request;',
    '}',
  ].join('\n');
}

/** Source of the CloudFront Function (cloudfront-js-2.0) built from `spaRewrite` itself. */
export function cloudFrontFunctionCode(): string {
  return [
    `var spaRewrite = ${spaRewrite.toString()};`,
    'function handler(event) {',
    '  var request = event.request;',
    '  request.uri = spaRewrite(request.uri);',
    '  return request;',
    '}',
  ].join('\n');
}

/**
 * Header CloudFront adds to every request it forwards to the API (value: the origin secret in
 * Secrets Manager); the API refuses requests without it (functions/lib/auth/origin.ts).
 */
export const ORIGIN_SECRET_HEADER = 'x-origin-verify';

/** Header that carries the visitor's address from CloudFront to the API (overwrites any sent by the client). */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';

/** Source of the CloudFront Function on /api/* that sets VIEWER_ADDRESS_HEADER from the connection. */
export function viewerAddressFunctionCode(): string {
  return [
    'function handler(event) {',
    '  var request = event.request;',
    `  request.headers[${JSON.stringify(VIEWER_ADDRESS_HEADER)}] = { value: event.viewer.ip };`,
    '  return request;',
    '}',
  ].join('\n');
}
