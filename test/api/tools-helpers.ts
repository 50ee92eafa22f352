import { expect } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import type { ImportField } from '../../shared/schemas/tools.ts';

// Helpers of the import-tool API tests (tools.convert / tools.import), bound to the file's server.

/** Windows-1252 bytes of `text` (what German Excel's "CSV (Trennzeichen-getrennt)" writes). */
export function cp1252(text: string): Buffer {
  const table: Record<string, number> = { '€': 0x80, '„': 0x84, '“': 0x93, '–': 0x96 };
  return Buffer.from([...text].map((ch) => table[ch] ?? (ch.charCodeAt(0) < 256 ? ch.charCodeAt(0) : 0x3f)));
}

export function toolsHelpers(s: TestServer) {

  async function convert(server: TestServer, bytes: Buffer | string, o: { token?: string; filename?: string } = {}) {
    const res = await server.call('convertCsvToJson', {
      token: o.token ?? await server.adminToken(),
      multipart: [{ name: 'file', filename: o.filename ?? 'mitarbeiter.csv', contentType: 'text/csv', data: bytes }],
    });
    return { status: res.status, body: res.body };
  }

  /**
   * Sends rows in batches as the tools screen does (rows a request left for lack of time go with the
   * next one); answers every row's result. `requests` counts the requests made.
   */
  async function importRows(companyId: string, profileId: string, converted: { data: any[]; fields: ImportField[] }, batch = 100, stats: { requests: number } = { requests: 0 }) {
    const results: any[] = [];
    for (let i = 0; i < converted.data.length;) {
      const rows = converted.data.slice(i, i + batch);
      const res = await s.call('toolsImport', { token: await s.adminToken(), body: { companyId, profileId, fields: converted.fields, rows } });
      stats.requests++;
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.results.length + res.body.remaining).toBe(rows.length);
      results.push(...res.body.results);
      i += res.body.results.length;
    }
    return results;
  }

  async function exportCsv(companyId: string): Promise<Buffer> {
    const res = await s.call('personExport', { params: { companyId }, token: await s.adminToken() });
    expect(res.status).toBe(200);
    return res.bytes;
  }

  async function cardsOf(profileId: string): Promise<any[]> {
    const res = await s.call('personListByProfile', { params: { profileId }, query: { limit: '500' }, token: await s.adminToken() });
    expect(res.status).toBe(200);
    return res.body.items;
  }
  return { convert, importRows, exportCsv, cardsOf };
}
