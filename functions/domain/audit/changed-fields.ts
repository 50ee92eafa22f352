// Which fields a write changed, from the object before and after it: names only, never values,
// so the audit log holds no card holder's data and may outlive an erasure (docs/datenschutz.md).

/** Bookkeeping that every write changes: not what the user changed. */
const BOOKKEEPING = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'type', 'version', 'updatedAt', 'createdAt', 'tokenVersion', 'customCssScoped', 'pastImages']);

/** Secrets are named by what they protect (a changed hash is a changed password); nothing else of them is kept. */
const SECRET_NAMES: Record<string, string> = { passwordHash: 'password' };

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return a == b;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Dotted paths of the fields that differ (`firstname`, `settings.applePass.backgroundColor`),
 * sorted. Nested objects are compared down to `depth` levels; arrays as a whole (an e-mail list
 * changed is one field). `undefined`, `null` and absent are the same (a cleared field that was empty).
 */
export function changedFields(before: object | undefined, after: object | undefined, depth = 3): string[] {
  const out = new Set<string>();
  const walk = (a: unknown, b: unknown, path: string, level: number) => {
    const objectOrNothing = (v: unknown) => v === undefined || v === null || isPlainObject(v);
    if (level > 0 && (isPlainObject(a) || isPlainObject(b)) && objectOrNothing(a) && objectOrNothing(b)) {
      const left = isPlainObject(a) ? a : {};
      const right = isPlainObject(b) ? b : {};
      for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
        if (!path && BOOKKEEPING.has(key)) continue;
        const name = SECRET_NAMES[key] ?? key;
        walk(left[key], right[key], path ? `${path}.${name}` : name, level - 1);
      }
      return;
    }
    if (!same(a, b) && path) out.add(path);
  };
  walk(before ?? {}, after ?? {}, '', depth + 1);
  return [...out].sort();
}
