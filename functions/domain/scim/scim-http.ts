import { fileResult, rawBody } from '../../lib/http.ts';
import type { FileResult, HttpEvent } from '../../lib/http.ts';
import { AppError, statusOf } from '../../lib/errors.ts';
import { log } from '../../lib/log.ts';
import { mapStack } from '../../lib/stack-map.ts';
import { scimMessages } from '../../../shared/messages/scim.ts';
import { bearer } from '../../lib/auth/session.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import type { UserItem } from '../users/user-item.ts';
import { ScimError, scimErrorBody } from './scim-error.ts';
import { findScimToken, noteScimTokenUse } from './scim-tokens.ts';
import type { ScimTokenItem } from './scim-tokens.ts';
import type { RouteDef } from '../../../shared/api/define.ts';
import { runInAuditScope } from '../audit/audit-scope.ts';
import type { AuditChange } from '../audit/audit-scope.ts';

// The SCIM protocol's side of HTTP (RFC 7644 section 3): `application/scim+json` in and out, the
// company's bearer token instead of a session, and every failure in SCIM's error schema with a
// German detail. The SCIM routes are `public` in the route table (no session token) and authenticate
// here, like the PassKit web service does with its own scheme.

const SCIM_JSON = 'application/scim+json; charset=utf-8';
/** A User is small; anything bigger is refused unread. */
export const SCIM_MAX_BODY = 64 * 1024;

import { DIRECTORY_USER_ID } from './directory-user.ts';

export interface ScimCall {
  event: HttpEvent;
  companyId: string;
  auth: AuthUser;
  /** The parsed JSON body (undefined without one). */
  body: unknown;
  query: Record<string, string | undefined>;
  id: string | undefined;
}

export interface ScimAnswer { status: number; body?: unknown }

export function scimJson(status: number, body: unknown): FileResult {
  return { ...fileResult(SCIM_JSON, body === undefined ? '' : JSON.stringify(body)), statusCode: status };
}

function parseBody(event: HttpEvent): unknown {
  const raw = rawBody(event);
  if (raw.length === 0) return undefined;
  if (raw.length > SCIM_MAX_BODY) throw new ScimError(413, scimMessages.tooLarge);
  const type = (event.headers?.['content-type'] ?? event.headers?.['Content-Type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/scim+json' && type !== 'application/json') throw new ScimError(415, scimMessages.invalidType);
  try {
    return JSON.parse(raw.toString('utf8'), (key, value: unknown) => {
      if (key === '__proto__') throw new SyntaxError('__proto__');
      return value;
    });
  } catch {
    throw new ScimError(400, scimMessages.invalidJson, 'invalidSyntax');
  }
}

function directoryAuth(companyId: string, tokenHash: string): AuthUser {
  return {
    id: DIRECTORY_USER_ID,
    username: scimMessages.directoryBooker,
    isAdmin: false,
    companyIds: [companyId],
    tokenVersion: 0,
    user: { id: DIRECTORY_USER_ID, username: scimMessages.directoryBooker, isActive: true } as UserItem,
    directoryTokenHash: tokenHash,
  };
}

/** Our own failures in SCIM's words: the same German message, the status of the error table. */
function asScimError(err: unknown): ScimError | undefined {
  if (err instanceof ScimError) return err;
  if (err instanceof AppError) {
    const fields = err.fieldErrors ? ` (${Object.entries(err.fieldErrors).map(([k, v]) => `${k}: ${v}`).join('; ')})` : '';
    const status = statusOf[err.kind];
    return new ScimError(status, err.message + fields, status === 400 ? 'invalidValue' : undefined);
  }
  return undefined;
}

/**
 * The directory's writes in the audit log, like a signed-in user's (the SCIM routes are `public`
 * to the handler wrapper, which audits sessions only): the actor is the token (`scim:<tokenId>`,
 * its label as the name), the changes are what the card functions noted, or the route and card.
 */
async function recordScimAudit(o: { route: RouteDef; token: ScimTokenItem; id: string | undefined; answer: ScimAnswer; changes: readonly AuditChange[] }): Promise<void> {
  const [{ recordAudit }, { ACTIONS }] = await Promise.all([import('../audit/record-audit.ts'), import('../audit/route-audit.ts')]);
  const created = typeof o.answer.body === 'object' && o.answer.body !== null ? (o.answer.body as { id?: unknown }).id : undefined;
  const fallback: AuditChange = {
    action: ACTIONS[o.route.method] ?? 'write', objectType: 'person', objectId: o.id ?? (typeof created === 'string' ? created : o.route.name),
    companyId: o.token.companyId, fields: [],
  };
  await recordAudit({
    actor: { id: `scim:${o.token.tokenId}`, username: o.token.label ? `${scimMessages.directoryBooker}: ${o.token.label}` : scimMessages.directoryBooker, directory: true },
    changes: o.changes.length ? o.changes : [fallback],
    route: o.route.name,
  });
}

/**
 * A SCIM route's handler: `authenticated` routes need the company's token (Users); the discovery
 * documents answer anyone. `audit`: the write route whose successful calls go into the audit log.
 */
export function scimHandler(fn: (call: ScimCall) => Promise<ScimAnswer>, o: { authenticated?: boolean; audit?: RouteDef } = {}) {
  const authenticated = o.authenticated ?? true;
  return async ({ event }: { event: HttpEvent }): Promise<FileResult> => {
    try {
      let companyId = '';
      let auth = undefined as unknown as AuthUser;
      let found: ScimTokenItem | undefined;
      if (authenticated) {
        const token = bearer(event);
        if (!token) throw new ScimError(401, scimMessages.tokenMissing);
        found = await findScimToken(token);
        if (!found) throw new ScimError(401, scimMessages.tokenInvalid);
        companyId = found.companyId;
        auth = directoryAuth(companyId, found.tokenHash);
        await noteScimTokenUse(found);
      }
      const query = Object.fromEntries(Object.entries(event.queryStringParameters ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
      const call = { event, companyId, auth, body: parseBody(event), query, id: event.pathParameters?.id };
      if (!o.audit || !found) {
        const answer = await fn(call);
        return scimJson(answer.status, answer.body);
      }
      const { changes, result } = runInAuditScope(() => fn(call));
      const answer = await result;
      await recordScimAudit({ route: o.audit, token: found, id: call.id, answer, changes });
      return scimJson(answer.status, answer.body);
    } catch (err) {
      const e = asScimError(err);
      if (e) return scimJson(e.status, scimErrorBody(e));
      log('error', 'scim request failed', { error: err instanceof Error ? { name: err.name, message: err.message, stack: mapStack(err.stack) } : String(err) });
      return scimJson(500, scimErrorBody(new ScimError(500, scimMessages.internal)));
    }
  };
}

/** `startIndex` (1-based, default 1) and `count` (default and ceiling `max`) of a list request; nonsense counts as the default (RFC 7644 section 3.4.2.4). */
export function paging(query: Record<string, string | undefined>, max: number): { startIndex: number; count: number } {
  const int = (v: string | undefined) => (v !== undefined && /^-?\d{1,9}$/.test(v) ? Number(v) : undefined);
  const startIndex = Math.max(1, int(query.startindex) ?? 1);
  const count = Math.min(max, Math.max(0, int(query.count) ?? max));
  return { startIndex, count };
}
