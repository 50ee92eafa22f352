import { describe, expect, test } from 'vitest';
import * as z from 'zod';
import { fieldErrorsOf } from '../../shared/schemas/common.ts';
import { createCompanySchema } from '../../shared/schemas/company.ts';

describe('zod fallbacks are German', () => {
  test('checks without their own message answer in German', () => {
    const schema = z.object({ flag: z.boolean(), kind: z.enum(['a', 'b']), code: z.string().regex(/^x+$/) });
    const result = schema.safeParse({ flag: 'ja', kind: 'c', code: 'y' });
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result.error!)).toEqual({ flag: 'Ungültiger Wert', kind: 'Ungültige Auswahl', code: 'Ungültiges Format' });
  });

  test('a real schema keeps its own messages and falls back only where it has none', () => {
    const result = createCompanySchema.safeParse({ org: '', lang: 'de', display: { statistik: 'ja' } });
    expect(result.success).toBe(false);
    const errors = fieldErrorsOf(result.error!);
    expect(errors.org).toBe('Pflichtfeld');
    expect(errors['display.statistik']).toBe('Ungültiger Wert');
  });
});
