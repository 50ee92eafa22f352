// Path matching as API Gateway does it, for the two places without API Gateway in front: the local
// server (every route of the table) and a Lambda function URL (its routes only). Takes plain
// `{ method, path }` entries so a function URL's generated entry passes only its own routes.

export interface RoutePattern {
  method: string;
  /** API Gateway path template, e.g. `/api/user/{id}`. */
  path: string;
}

export interface Match<R extends RoutePattern> {
  route: R;
  pathParameters: Record<string, string>;
}

export type Matcher<R extends RoutePattern> = (method: string, path: string) => Match<R> | 'method-not-allowed' | null;

/** Non-empty segments of a path (`/api/card/x/` has 3); an empty one in between never matches a template anyway. */
function segmentCount(path: string): number {
  let n = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47 && i + 1 < path.length && path.charCodeAt(i + 1) !== 47) n++;
  return n;
}

/**
 * Like API Gateway: a literal segment beats a {param} (`/api/user/group` before `/api/user/{id}`).
 * The answer is `null` when no route has the path, `'method-not-allowed'` when one has it with another method.
 */
export function routeMatcher<R extends RoutePattern>(routes: readonly R[]): Matcher<R> {
  const compiled = routes
    .map((route) => {
      const names: string[] = [];
      const segments = route.path.split('/').filter(Boolean);
      const pattern = segments
        .map((s) => {
          const m = s.match(/^\{(\w+)\}$/);
          if (!m) return s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
          names.push(m[1]!);
          return '([^/]+)';
        })
        .join('/');
      return { route, regex: new RegExp(`^/${pattern}/?$`), names, segments: segments.length, literalSegments: segments.filter((s) => !s.startsWith('{')).length };
    })
    .sort((a, b) => b.literalSegments - a.literalSegments);
  // A template matches only paths of its own number of segments (a {param} is one segment), so a
  // request is tried against those alone, not against every route of the table.
  const bySegments = new Map<number, typeof compiled>();
  for (const c of compiled) bySegments.set(c.segments, [...(bySegments.get(c.segments) ?? []), c]);

  return (requestMethod, path) => {
    // HEAD is answered by the GET route of a path (without a body), as API Gateway's `ANY` GET routes do.
    const method = requestMethod === 'HEAD' ? 'GET' : requestMethod;
    let pathMatched = false;
    for (const c of bySegments.get(segmentCount(path)) ?? []) {
      const m = path.match(c.regex);
      if (!m) continue;
      pathMatched = true;
      if (c.route.method !== method) continue;
      const pathParameters: Record<string, string> = {};
      for (const [i, n] of c.names.entries()) {
        const raw = m[i + 1]!;
        // API Gateway passes a malformed escape through undecoded; so do we (the schema then decides).
        try {
          pathParameters[n] = decodeURIComponent(raw);
        } catch {
          pathParameters[n] = raw;
        }
      }
      return { route: c.route, pathParameters };
    }
    return pathMatched ? 'method-not-allowed' : null;
  };
}
