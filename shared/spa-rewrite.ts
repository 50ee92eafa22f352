// The one rewrite rule for the SPA: CloudFront runs it as a viewer-request function and the
// local server calls it too. It must stay plain ES5-style JavaScript inside the function body:
// its source text becomes the CloudFront Function.
export function spaRewrite(uri: string): string {
  if (uri.indexOf('/api/') === 0 || uri === '/api') return uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1) return uri;
  return '/index.html';
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
