// CloudFront's `/api/` behaviours, generated from the route table (infra/constructs/edge.ts makes
// them real). A route is private (Authorization in the cache key, the origin decides caching),
// `shared` or `immutable` (one cached copy for every visitor, `cdn` in its RouteDef) or served by a
// function URL (`functionUrl`). Pure: the infra test and the synth both check that every route
// reaches a behaviour of its own kind, CloudFront taking the first pattern that matches.
import type { RouteDef } from '../shared/api/define.ts';

export type BehaviourKind = 'private' | 'shared' | 'immutable' | `functionUrl:${string}`;

export interface Behaviour {
  /** CloudFront path pattern (`*` matches any characters, `/` included). */
  pattern: string;
  kind: BehaviourKind;
  /** `getHead`: only GET and HEAD reach the origin; `all`: every method (writes). */
  methods: 'getHead' | 'all';
}

export function kindOf(route: RouteDef): BehaviourKind {
  if (route.functionUrl) return `functionUrl:${route.functionUrl}`;
  return route.cdn ?? 'private';
}

/** `/api/card/{id}/vcard` -> `/api/card/x1/vcard`: a path the route answers. */
export function samplePath(path: string): string {
  return path.replace(/\{\w+\}/g, 'x1');
}

/** CloudFront's path pattern match: `*` any characters, `?` one, the rest literally. */
export function patternMatches(pattern: string, path: string): boolean {
  const re = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${re}$`).test(path);
}

const literalLength = (pattern: string) => pattern.replace(/\*/g, '').length;

/**
 * The behaviours for `/api/`, most specific first, the private catch-all `/api/*` last. A private
 * route that a public pattern would catch gets a private pattern before it, cut after its first
 * own segment (`/api/card/company*` before `/api/card/*`). Throws when the table cannot be served
 * that way (a write on a cached pattern, a private route whose distinguishing segment is a placeholder).
 */
export function cdnBehaviours(routes: readonly RouteDef[]): Behaviour[] {
  const special = new Map<string, { kind: BehaviourKind; routes: RouteDef[] }>();
  for (const route of routes) {
    const kind = kindOf(route);
    if (kind === 'private') continue;
    if ((kind === 'shared' || kind === 'immutable') && route.method !== 'GET') {
      throw new Error(`${route.name}: cdn '${kind}' gibt es nur für GET (ein geteilter Cache darf keine Schreibzugriffe annehmen)`);
    }
    const pattern = route.path.replace(/\{\w+\}/g, '*');
    const had = special.get(pattern);
    if (had && had.kind !== kind) throw new Error(`${route.name}: ${pattern} ist schon ${had.kind} (${had.routes[0]!.name})`);
    special.set(pattern, { kind, routes: [...(had?.routes ?? []), route] });
  }
  const specialList: Behaviour[] = [...special.entries()]
    .map(([pattern, s]) => ({ pattern, kind: s.kind, methods: s.routes.every((r) => r.method === 'GET') ? 'getHead' as const : 'all' as const }))
    .sort((a, b) => literalLength(b.pattern) - literalLength(a.pattern) || b.pattern.split('/').length - a.pattern.split('/').length);

  const exceptions = new Set<string>();
  for (const route of routes) {
    if (kindOf(route) !== 'private') continue;
    const sample = samplePath(route.path);
    const catcher = specialList.find((b) => patternMatches(b.pattern, sample));
    if (!catcher) continue;
    const prefix = catcher.pattern.slice(0, catcher.pattern.indexOf('*'));
    const segment = route.path.slice(prefix.length).split('/')[0] ?? '';
    if (!route.path.startsWith(prefix) || segment === '' || segment.includes('{')) {
      throw new Error(`${route.name} (${route.path}) würde von ${catcher.pattern} (${catcher.kind}) bedient: bitte einen eigenen Pfad wählen`);
    }
    exceptions.add(`${prefix}${segment}*`);
  }
  const exceptionList: Behaviour[] = [...exceptions].sort().map((pattern) => ({ pattern, kind: 'private', methods: 'all' }));
  const catchAll: Behaviour = { pattern: '/api/*', kind: 'private', methods: 'all' };
  const wrong = (list: readonly Behaviour[]) => routes.filter((route) => list.find((b) => patternMatches(b.pattern, samplePath(route.path)))?.kind !== kindOf(route));
  let behaviours = [...exceptionList, ...specialList, catchAll];
  // A pattern whose routes a broader one of the same kind serves as well is left out (one behaviour fewer).
  for (const b of specialList) {
    const without = behaviours.filter((x) => x !== b);
    if (!wrong(without).length) behaviours = without;
  }
  const [bad] = wrong(behaviours);
  if (bad) {
    const first = behaviours.find((b) => patternMatches(b.pattern, samplePath(bad.path)));
    throw new Error(`${bad.name} (${bad.path}) erreicht ${first?.pattern ?? 'kein Verhalten'} (${first?.kind}) statt ${kindOf(bad)}`);
  }
  return behaviours;
}
