import { describe, expect, test } from 'vitest';
import * as z from 'zod';
import { routeList } from '../../shared/api/routes.ts';
import { isSafeText, optionalText, requiredText, safeString, usernameSchema } from '../../shared/schemas/common.ts';
import { createUserSchema } from '../../shared/schemas/user.ts';

type Def = { type: string; [k: string]: unknown };
const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;

/** A string schema's longest allowed length, from its checks; undefined when unbounded. */
function maxLength(def: Def): number | undefined {
  const checks = (def.checks ?? []) as { _zod: { def: { check: string; maximum?: number; length?: number } } }[];
  const limits = checks.flatMap((c) => {
    const d = c._zod.def;
    if (d.check === 'max_length') return [d.maximum!];
    if (d.check === 'length_equals') return [d.length!];
    return [];
  });
  return limits.length ? Math.min(...limits) : undefined;
}

/** Every string schema a client can send reaches, with its path; `pipe` visits both sides unless told otherwise. */
function stringLeaves(schema: unknown, path: string, o: { skipBoundedPipeOutput?: boolean } = {}, seen = new Set<unknown>()): [string, z.ZodType][] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const walk = (child: unknown, sub = path) => stringLeaves(child, sub, o, seen);
  switch (def.type) {
    case 'string': return [[path || '(root)', schema as z.ZodType]];
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([k, v]) => walk(v, path ? `${path}.${k}` : k))
        .concat(def.catchall ? walk(def.catchall, `${path}.*`) : []);
    case 'array': return walk(def.element, `${path}[]`);
    case 'optional': case 'nullable': case 'default': case 'prefault': case 'catch': case 'readonly': case 'nonoptional':
      return walk(def.innerType);
    case 'pipe': {
      // A pipe whose input is a bounded string already bounds what reaches its output (`email` after `max(254)`).
      const inner = defOf(def.in);
      const inBounded = inner.type === 'string' && maxLength(inner) !== undefined;
      return [...walk(def.in), ...(o.skipBoundedPipeOutput && inBounded ? [] : walk(def.out))];
    }
    case 'union': return (def.options as unknown[]).flatMap((x) => walk(x));
    case 'intersection': return [...walk(def.left), ...walk(def.right)];
    case 'record': return [...walk(def.keyType, `${path}{key}`), ...walk(def.valueType, `${path}{}`)];
    case 'tuple': return (def.items as unknown[]).flatMap((x, i) => walk(x, `${path}[${i}]`));
    case 'lazy': return walk((def.getter as () => unknown)());
    default:
      // enum, literal, number, boolean, transform, unknown...: no free text.
      return [];
  }
}

/** Paths of every string in a schema a client can send that has no maximum length. */
function unboundedStrings(schema: unknown, path: string): string[] {
  return stringLeaves(schema, path, { skipBoundedPipeOutput: true }).filter(([, s]) => maxLength(defOf(s)) === undefined).map(([p]) => p);
}

describe('every string a client can send is bounded (issue 16)', () => {
  test.each(routeList.map((r) => [r.name, r] as const))('%s', (_, route) => {
    const found = (['params', 'query', 'body'] as const).flatMap((part) =>
      route[part] ? unboundedStrings(route[part], part) : []);
    expect(found, `${route.name}: Zeichenketten ohne Höchstlänge (safeString/requiredText/optionalText aus shared/schemas/common.ts verwenden)`).toEqual([]);
  });

  test('the walker finds an unbounded string (so the test above can fail)', () => {
    expect(unboundedStrings(z.object({ a: z.string(), b: z.array(z.object({ c: z.string().optional() })), d: requiredText() }), '')).toEqual(['a', 'b[].c']);
  });
});

/** The string's shortest allowed length (min_length / length_equals checks). */
function minLength(def: Def): number {
  const checks = (def.checks ?? []) as { _zod: { def: { check: string; minimum?: number; length?: number } } }[];
  return Math.max(1, ...checks.flatMap((c) => (c._zod.def.check === 'min_length' ? [c._zod.def.minimum!] : c._zod.def.check === 'length_equals' ? [c._zod.def.length!] : [])));
}

const badCharacters: [string, string][] = [
  ['NUL', '\u0000'], ['ESC', '\u001b'], ['DEL', '\u007f'], ['C1 NEL', '\u0085'], ['right-to-left override', '\u202e'],
  ['lone high surrogate', '\ud800'], ['lone low surrogate', '\udc00'],
];

/** Strings a field might accept as its own format are replaced by one bad character in the middle, at the field's length. */
function refusedEverywhere(schema: z.ZodType, bad: string): boolean {
  const n = minLength(defOf(schema));
  const value = `${'1'.repeat(Math.floor(n / 2))}${bad}${'1'.repeat(Math.max(0, n - Math.floor(n / 2) - 1))}`;
  const r = schema.safeParse(value);
  // Refused for its content, not merely for its length.
  return !r.success && r.error.issues.some((i) => i.code !== 'too_small' && i.code !== 'too_big');
}

describe('no string a client can send takes control characters or lone surrogates (issue 19, item 4)', () => {
  test.each(routeList.map((r) => [r.name, r] as const))('%s', (_, route) => {
    const leaks = (['params', 'query', 'body'] as const).flatMap((part) => (route[part] ? stringLeaves(route[part], part) : []))
      .flatMap(([path, schema]) => badCharacters.filter(([, bad]) => !refusedEverywhere(schema, bad)).map(([name]) => `${path}: ${name}`));
    expect(leaks, `${route.name}: safeString/requiredText/optionalText aus shared/schemas/common.ts verwenden`).toEqual([]);
  });

  test('the check finds a plain string (so the test above can fail)', () => {
    const leaves = stringLeaves(z.object({ a: z.string().trim().min(4).max(20), b: optionalText(20) }), '');
    expect(leaves.filter(([, s]) => !refusedEverywhere(s, '\u0000')).map(([p]) => p)).toEqual(['a']);
  });
});

describe('text rules (issue 16, finding 4)', () => {
  const line = optionalText(100);
  const multi = optionalText(100, { multiline: true });

  test.each([
    ['NUL', 'Anna\u0000'], ['BEL', 'An\u0007na'], ['ESC', '\u001b[31mrot'], ['DEL', 'x\u007f'], ['C1 NEL', 'x\u0085y'],
    ['right-to-left override', 'gpj.\u202eexe'], ['lone high surrogate', 'a\ud800b'], ['lone low surrogate', '\udc00'],
    ['line feed in a one-line field', 'Zeile 1\nZeile 2'], ['tab in a one-line field', 'a\tb'],
  ])('%s is refused with a German message', (_, value) => {
    const r = line.safeParse(value);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Enthält unzulässige Zeichen (Steuerzeichen oder ungültige Unicode-Zeichen)');
  });

  test('multi-line fields allow line breaks and tabs, nothing else', () => {
    expect(multi.parse('Zeile 1\r\nZeile 2\tTab')).toBe('Zeile 1\r\nZeile 2\tTab');
    expect(multi.safeParse('a\u0000').success).toBe(false);
    expect(multi.safeParse('a\u000bb').success).toBe(false);
  });

  test('text is NFC-normalised and emoji (surrogate pairs) stay allowed', () => {
    expect(line.parse('Jose\u0301')).toBe('Jos\u00e9');
    expect(requiredText().parse('  Zoë 👋 ')).toBe('Zoë 👋');
    expect(isSafeText('👨‍👩‍👧')).toBe(true);
  });

  test('the maximum counts after normalisation and trimming', () => {
    expect(safeString({ max: 3 }).safeParse(' e\u0301e\u0301e\u0301 ').success).toBe(true);
    expect(safeString({ max: 3 }).safeParse('abcd').error?.issues[0]?.message).toBe('Dieser Text ist zu lang');
  });

  test('usernames: letters, digits and . _ - @ only; no look-alikes', () => {
    const u = usernameSchema();
    for (const ok of ['anna', 'Anna.Muster', 'a_b-c@firma.de', 'x9']) expect(u.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['anna\u200b', 'аnna' /* Cyrillic a */, 'an na', 'änna', '.anna', '-x', 'a\u0000b']) {
      expect(u.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  test('a user group id longer than a key may be is a 400, not a DynamoDB error (finding 3)', () => {
    const r = createUserSchema.safeParse({ username: 'anna', email: 'a@b.de', firstname: 'An', lastname: 'Na', password: 'Birke-Sand-Tinte-88', userGroupId: 'g'.repeat(3000) });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toContain('userGroupId');
  });
});
