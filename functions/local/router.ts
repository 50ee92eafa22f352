import { routeList } from '../../shared/api/routes.ts';
import type { RouteDef } from '../../shared/api/define.ts';

interface Compiled {
  route: RouteDef;
  regex: RegExp;
  names: string[];
  literalSegments: number;
}

// Like API Gateway: a literal segment beats a {param} (`/api/user/group` before `/api/user/{id}`).
const compiled: Compiled[] = routeList
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
    return {
      route,
      regex: new RegExp(`^/${pattern}/?$`),
      names,
      literalSegments: segments.filter((s) => !s.startsWith('{')).length,
    };
  })
  .sort((a, b) => b.literalSegments - a.literalSegments);

export interface Match {
  route: RouteDef;
  pathParameters: Record<string, string>;
}

/**
 * `null` when no route has the path; `{ route: undefined }`-like cases are reported as 405 by the
 * caller. HEAD matches the GET route of a path (answered without body), as in AWS, where every GET
 * route has a HEAD route beside it (infra/constructs/api.ts).
 */
export function matchRoute(requestMethod: string, path: string): Match | 'method-not-allowed' | null {
  const method = requestMethod === 'HEAD' ? 'GET' : requestMethod;
  let pathMatched = false;
  for (const c of compiled) {
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
}
