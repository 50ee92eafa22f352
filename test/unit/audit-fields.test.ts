import { describe, expect, it } from 'vitest';
import { changedFields } from '../../functions/domain/audit/changed-fields.ts';

describe('changedFields (audit log)', () => {
  it('names the changed fields, nested by path, sorted', () => {
    const before = { firstname: 'Anna', lastname: 'Adler', settings: { applePass: { backgroundColor: '#000', labelColor: '#fff' } }, email: [{ type: 'work1', value: 'a@x.de' }] };
    const after = { firstname: 'Anna', lastname: 'Berg', settings: { applePass: { backgroundColor: '#111', labelColor: '#fff' } }, email: [{ type: 'work1', value: 'b@x.de' }] };
    expect(changedFields(before, after)).toEqual(['email', 'lastname', 'settings.applePass.backgroundColor']);
  });

  it('leaves out bookkeeping and names a changed password hash as the password, never its value', () => {
    const fields = changedFields(
      { version: 1, updatedAt: '1', passwordHash: 'scrypt$aaa', tokenVersion: 1, email: 'x@y.de' },
      { version: 2, updatedAt: '2', passwordHash: 'scrypt$bbb', tokenVersion: 2, email: 'x@y.de' },
    );
    expect(fields).toEqual(['password']);
    expect(JSON.stringify(fields)).not.toContain('scrypt');
  });

  it('treats absent, undefined and null alike, and a new or removed field as changed', () => {
    expect(changedFields({ a: undefined, b: null }, { c: undefined })).toEqual([]);
    expect(changedFields({ nice: 'Dr.' }, {})).toEqual(['nice']);
    expect(changedFields(undefined, { org: 'X', display: { statistik: true } })).toEqual(['display.statistik', 'org']);
  });
});
