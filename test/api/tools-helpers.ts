import { expect } from 'vitest';
import type { TestServer } from '../helpers/server.ts';

// Helpers of the import-tool API tests (tools.convert / tools.import), bound to the file's server.

/** Windows-1252 bytes of `text` (what German Excel's "CSV (Trennzeichen-getrennt)" writes). */
export function cp1252(text: string): Buffer {
  const table: Record<string, number> = { '€': 0x80, '„': 0x84, '“': 0x93, '–': 0x96 };
  return Buffer.from([...text].map((ch) => table[ch] ?? (ch.charCodeAt(0) < 256 ? ch.charCodeAt(0) : 0x3f)));
}

export function toolsHelpers(s: TestServer) {

  async function convert(server: TestServer, bytes: Buffer | string, o: { token?: string; filename?: string } = {}) {
    const form = new FormData();
    form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type: 'text/csv' }), o.filename ?? 'mitarbeiter.csv');
    const res = await fetch(`${server.baseUrl}/api/convert/csvtojson`, { method: 'POST', body: form, headers: { authorization: `Bearer ${o.token ?? await server.adminToken()}` } });
    return { status: res.status, body: (await res.json()) as any };
  }

  /**
   * Sends rows in batches as the tools screen does (rows a request left for lack of time go with the
   * next one); answers every row's result. `requests` counts the requests made.
   */
  async function importRows(companyId: string, profileId: string, converted: { data: any[]; fields: string[] }, batch = 100, stats: { requests: number } = { requests: 0 }) {
    const results: any[] = [];
    for (let i = 0; i < converted.data.length;) {
      const rows = converted.data.slice(i, i + batch);
      const res = await s.api('POST', '/api/tools/import', { token: await s.adminToken(), body: { companyId, profileId, fields: converted.fields, rows } });
      stats.requests++;
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.results.length + res.body.remaining).toBe(rows.length);
      results.push(...res.body.results);
      i += res.body.results.length;
    }
    return results;
  }

  async function exportCsv(companyId: string): Promise<Buffer> {
    const res = await fetch(`${s.baseUrl}/api/v2/admin/company/${companyId}/export`, { headers: { authorization: `Bearer ${await s.adminToken()}` } });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  async function cardsOf(profileId: string): Promise<any[]> {
    const res = await s.api('GET', `/api/card/company/person/all/${profileId}?limit=500`, { token: await s.adminToken() });
    expect(res.status).toBe(200);
    return res.body.items;
  }
  return { convert, importRows, exportCsv, cardsOf };
}
