import type { RouteDef } from '../../shared/api/define.ts';
import { runInAuditScope } from '../domain/audit/audit-scope.ts';
import type { AuthUser } from './auth/session.ts';

// The audit log's hook in the handler wrapper (createHandler): every signed-in route runs in an
// audit scope; every write route (not GET) gets at least one entry, named after the route, once it
// succeeded. Public routes (visitors, devices, the sign-in, which records itself) are not wrapped.

/**
 * POST routes that change nothing: the staff-list upload is only parsed and answered as rows (its
 * import, which writes, is `toolsImport`). Anything else not GET is a write.
 */
const READS_BY_POST: ReadonlySet<string> = new Set(['convertCsvToJson']);

/** Every signed-in route that writes is recorded: the route table decides, not each handler. */
export function isAuditedWrite(route: Pick<RouteDef, 'access' | 'method' | 'name'>): boolean {
  return route.access !== 'public' && route.method !== 'GET' && !READS_BY_POST.has(route.name);
}

export async function runAudited<T>(route: RouteDef, input: { auth: AuthUser | null; params: unknown; query: unknown; body: unknown }, fn: () => Promise<T>): Promise<T> {
  if (route.access === 'public' || !input.auth) return fn();
  const { changes, result } = runInAuditScope(fn);
  const out = await result;
  if (changes.length || isAuditedWrite(route)) {
    // Loaded only when there is something to write: reading routes stay as light as before.
    const { recordRouteAudit } = await import('../domain/audit/route-audit.ts');
    await recordRouteAudit({ route, auth: input.auth, params: input.params, query: input.query, body: input.body, result: out, changes });
  }
  return out;
}
