import { AsyncLocalStorage } from 'node:async_hooks';
import { changedFields } from './changed-fields.ts';

// The audit entries of one request. The handler wrapper opens a scope around every write route
// (functions/lib/http.ts); domain functions say what they changed with `noteChange`, and the wrapper
// writes one entry per noted change after the write succeeded, or one entry naming the route and
// its object when the domain noted nothing. Domain code outside a request (jobs) notes into nothing.

export type AuditAction =
  | 'create' | 'update' | 'delete' | 'activate' | 'deactivate' | 'credit' | 'export' | 'erase'
  | 'signIn' | 'signInFailed' | 'signOut' | 'upload' | 'import' | 'write';

export interface AuditChange {
  action: AuditAction;
  /** `person` (a card), `profile`, `company`, `user`, `credit`, `upload`, `vcardCompany` … */
  objectType: string;
  objectId: string;
  /** The company the object belongs to: its users see the entry. Absent: admins only. */
  companyId?: string | undefined;
  /** Changed fields (names); computed from `before`/`after` when those are given. */
  fields?: readonly string[];
  /** Plain figures that are no personal data (a credit amount, a count). */
  detail?: Record<string, string | number | boolean>;
}

export interface AuditNote extends Omit<AuditChange, 'fields'> {
  fields?: readonly string[];
  before?: object | undefined;
  after?: object | undefined;
}

interface Scope { changes: AuditChange[] }

const storage = new AsyncLocalStorage<Scope>();

export function runInAuditScope<T>(fn: () => Promise<T>): { changes: AuditChange[]; result: Promise<T> } {
  const scope: Scope = { changes: [] };
  return { changes: scope.changes, result: storage.run(scope, fn) };
}

/** Records what this request changed; the wrapper writes it once the request succeeded. */
export function noteChange(note: AuditNote): void {
  const scope = storage.getStore();
  if (!scope) return;
  const { before, after, fields, ...rest } = note;
  scope.changes.push({ ...rest, fields: fields ?? (before || after ? changedFields(before, after) : []) });
}
