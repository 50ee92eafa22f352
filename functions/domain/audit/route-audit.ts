import type { RouteDef } from '../../../shared/api/define.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import type { AuditAction, AuditChange } from './audit-scope.ts';
import { recordAudit } from './record-audit.ts';

// Entries of one signed-in request: what the domain noted, or, when it noted nothing, one entry
// that names the route, its object and its company as far as the request shows them.

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);
const field = (o: unknown, k: string) => (typeof o === 'object' && o !== null ? str((o as Record<string, unknown>)[k]) : undefined);

/** Object type by the route name's start (`personUpdate` -> person); longest prefix first. */
const OBJECT_TYPES: readonly [string, string][] = [
  ['vcardCompany', 'vcardCompany'], ['vcardPerson', 'vcardPerson'], ['vcardSettings', 'vcardSettings'],
  ['person', 'person'], ['profile', 'profile'], ['company', 'company'], ['credit', 'credit'], ['user', 'user'],
  ['upload', 'upload'], ['auth', 'session'], ['wallet', 'wallet'], ['tools', 'tools'], ['convert', 'tools'], ['audit', 'audit'],
];

/** What a write route does, by its method (routes whose method does not say it: ROUTE_ACTIONS). */
export const ACTIONS: Record<string, AuditAction> = { POST: 'create', PATCH: 'update', PUT: 'update', DELETE: 'delete' };
/** Routes whose method does not say what they do. */
const ROUTE_ACTIONS: Record<string, AuditAction> = {
  authLogout: 'signOut', uploadCreate: 'upload', toolsImport: 'import', toolsLegacyConvert: 'import', convertCsvToJson: 'import', creditHistoryCreate: 'credit',
};

export function fallbackChange(o: { route: RouteDef; auth: AuthUser; params: unknown; query: unknown; body: unknown; result: unknown }): AuditChange {
  const objectType = OBJECT_TYPES.find(([prefix]) => o.route.name.startsWith(prefix))?.[1] ?? o.route.name;
  const objectId = field(o.params, 'id') ?? field(o.params, 'companyId') ?? field(o.params, 'profileId') ?? field(o.result, 'id')
    ?? (objectType === 'session' ? o.auth.id : undefined) ?? field(o.body, 'companyId') ?? o.route.name;
  const companyId = field(o.params, 'companyId') ?? field(o.body, 'companyId') ?? field(o.query, 'companyId') ?? field(o.result, 'companyId')
    ?? (objectType === 'company' ? objectId : undefined);
  return { action: ROUTE_ACTIONS[o.route.name] ?? ACTIONS[o.route.method] ?? 'write', objectType, objectId, companyId, fields: [] };
}

export async function recordRouteAudit(o: {
  route: RouteDef; auth: AuthUser; params: unknown; query: unknown; body: unknown; result: unknown; changes: readonly AuditChange[];
}): Promise<void> {
  const changes = o.changes.length ? o.changes : [fallbackChange(o)];
  await recordAudit({ actor: { id: o.auth.id, username: o.auth.username, isAdmin: o.auth.isAdmin }, changes, route: o.route.name });
}
