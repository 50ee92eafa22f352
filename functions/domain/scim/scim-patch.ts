import { scimMessages } from '../../../shared/messages/scim.ts';
import { ScimError } from './scim-error.ts';
import { ENTERPRISE_SCHEMA, USER_SCHEMA } from './scim-resource.ts';

// PATCH (RFC 7644 section 3.5.2) on a User resource held as plain JSON: `op` add/replace/remove in
// any case (Entra ID sends "Replace"), paths `attr`, `attr.sub`, `attr[filter]`, `attr[filter].sub`
// and the extension's `urn:…:enterprise:2.0:User:department`, and operations without a path whose
// value is an object of attributes (Okta: `{"op":"replace","value":{"active":false}}`). The result is
// checked again by parseUser, so a PATCH cannot store what a POST could not.

type Json = Record<string, unknown>;

interface Path {
  /** Object holding the attribute: the resource or its enterprise extension. */
  ext: boolean;
  attr: string;
  filter?: { attr: string; value: unknown };
  sub?: string;
}

const PATH = /^([A-Za-z][\w-]*)(?:\[\s*([A-Za-z][\w-]*)\s+eq\s+("(?:[^"\\]|\\.)*"|true|false|null|-?\d+(?:\.\d+)?)\s*\])?(?:\.([A-Za-z][\w-]*))?$/i;

function parsePath(raw: string): Path {
  let path = raw.trim();
  let ext = false;
  const lower = path.toLowerCase();
  if (lower.startsWith(`${ENTERPRISE_SCHEMA.toLowerCase()}:`)) {
    ext = true;
    path = path.slice(ENTERPRISE_SCHEMA.length + 1);
  } else if (lower.startsWith(`${USER_SCHEMA.toLowerCase()}:`)) {
    path = path.slice(USER_SCHEMA.length + 1);
  }
  const m = PATH.exec(path);
  if (!m) throw new ScimError(400, scimMessages.invalidPath(raw), 'invalidPath');
  return { ext, attr: m[1]!, ...(m[2] ? { filter: { attr: m[2], value: JSON.parse(m[3]!) } } : {}), ...(m[4] ? { sub: m[4] } : {}) };
}

/** The key of `o` matching `name` case-insensitively, else `name`. */
function keyOf(o: Json, name: string): string {
  const lower = name.toLowerCase();
  return Object.keys(o).find((k) => k.toLowerCase() === lower) ?? name;
}

function holder(resource: Json, ext: boolean): Json {
  if (!ext) return resource;
  const k = keyOf(resource, ENTERPRISE_SCHEMA);
  const cur = resource[k];
  if (cur && typeof cur === 'object' && !Array.isArray(cur)) return cur as Json;
  const fresh: Json = {};
  resource[k] = fresh;
  return fresh;
}

function matches(element: unknown, filter: { attr: string; value: unknown }): boolean {
  if (!element || typeof element !== 'object') return false;
  const v = (element as Json)[keyOf(element as Json, filter.attr)];
  // Values compare case-insensitively for strings (type "work" = "Work"), as the attribute types say (caseExact false).
  return typeof v === 'string' && typeof filter.value === 'string' ? v.toLowerCase() === filter.value.toLowerCase() : v === filter.value;
}

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function apply(resource: Json, op: 'add' | 'replace' | 'remove', path: Path, value: unknown): void {
  const h = holder(resource, path.ext);
  const key = keyOf(h, path.attr);
  if (path.filter) {
    const list = Array.isArray(h[key]) ? (h[key] as unknown[]) : [];
    const hits = list.filter((e) => matches(e, path.filter!));
    if (op === 'remove') {
      if (path.sub) for (const e of hits) delete (e as Json)[keyOf(e as Json, path.sub)];
      else h[key] = list.filter((e) => !hits.includes(e));
      return;
    }
    if (hits.length === 0) {
      // Entra ID replaces `emails[type eq "work"].value` on a user that has no work address yet: it is added.
      const fresh: Json = { [path.filter.attr]: path.filter.value };
      if (path.sub) fresh[path.sub] = value;
      else if (isObject(value)) Object.assign(fresh, value);
      h[key] = [...list, fresh];
      return;
    }
    for (const e of hits) {
      if (path.sub) (e as Json)[keyOf(e as Json, path.sub)] = value;
      else if (isObject(value)) Object.assign(e as Json, value);
    }
    return;
  }
  if (path.sub) {
    if (op === 'remove') {
      if (isObject(h[key])) delete (h[key] as Json)[keyOf(h[key] as Json, path.sub)];
      return;
    }
    const target = isObject(h[key]) ? (h[key] as Json) : {};
    target[keyOf(target, path.sub)] = value;
    h[key] = target;
    return;
  }
  if (op === 'remove') {
    delete h[key];
    return;
  }
  if (op === 'add' && Array.isArray(h[key]) && Array.isArray(value)) {
    // Adding to a multi-valued attribute: values with a type already present replace that one.
    const incoming = value as unknown[];
    const kept = (h[key] as unknown[]).filter((e) => !incoming.some((n) => isObject(n) && isObject(e) && typeof n.type === 'string' && matches(e, { attr: 'type', value: n.type })));
    h[key] = [...kept, ...incoming];
    return;
  }
  if (op === 'add' && isObject(h[key]) && isObject(value)) {
    Object.assign(h[key] as Json, value);
    return;
  }
  h[key] = value;
}

/** The resource after the operations (a new object; `resource` is not changed). */
export function applyPatch(resource: Json, body: unknown): Json {
  const out = structuredClone(resource);
  const ops = isObject(body) ? body[keyOf(body, 'Operations')] : undefined;
  if (!Array.isArray(ops) || ops.length === 0 || ops.length > 100) throw new ScimError(400, scimMessages.invalidValue('Operations fehlt oder ist leer'), 'invalidSyntax');
  for (const raw of ops) {
    if (!isObject(raw)) throw new ScimError(400, scimMessages.invalidValue('Operation'), 'invalidSyntax');
    const opName = String(raw[keyOf(raw, 'op')] ?? '').toLowerCase();
    if (opName !== 'add' && opName !== 'replace' && opName !== 'remove') throw new ScimError(400, scimMessages.invalidOp(String(raw[keyOf(raw, 'op')])), 'invalidSyntax');
    const pathRaw = raw[keyOf(raw, 'path')];
    const value = raw[keyOf(raw, 'value')];
    if (typeof pathRaw === 'string' && pathRaw.trim()) {
      apply(out, opName, parsePath(pathRaw), value);
      continue;
    }
    if (opName === 'remove') throw new ScimError(400, scimMessages.noTarget, 'noTarget');
    if (!isObject(value)) throw new ScimError(400, scimMessages.invalidValue('value muss ohne path ein Objekt sein'), 'invalidValue');
    for (const [k, v] of Object.entries(value)) {
      if (k.toLowerCase() === ENTERPRISE_SCHEMA.toLowerCase() && isObject(v)) {
        for (const [ek, ev] of Object.entries(v)) apply(out, opName, { ext: true, attr: ek }, ev);
        continue;
      }
      // Keys of a value object may be paths themselves (`name.givenName`, the extension's URN).
      apply(out, opName, parsePath(k), v);
    }
  }
  return out;
}
