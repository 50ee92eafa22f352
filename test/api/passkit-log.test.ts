import { afterEach, describe, expect, test, vi } from 'vitest';
import { useTestServer } from '../helpers/server.ts';
import { PASSKIT_LOG_LINES_PER_MINUTE } from '../../functions/domain/wallet/passkit-service.ts';

// The unauthenticated PassKit log (issue 19): bounded in size per request and in lines per
// minute per container (the WAF limits it per address too). Logging is on here: lines are counted.
process.env.LOG_LEVEL = 'info';

const s = useTestServer();
afterEach(() => { vi.restoreAllMocks(); });

function captureLog(): string[] {
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => { lines.push(String(line)); });
  return lines;
}
const deviceLines = (lines: string[]) => lines.map((l) => JSON.parse(l) as { message: string }).filter((l) => l.message === 'passkit device log');

describe('POST /api/wallet/passkit/v1/log', () => {
  test('a body over 64 KB is a 413, read and logged never', async () => {
    const lines = captureLog();
    const res = await s.call('passkitLog', { body: { logs: ['x'.repeat(70 * 1024)] } });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Die Anfrage ist zu groß.');
    expect(deviceLines(lines)).toHaveLength(0);
  });

  test('more than 20 lines or a line over 1,000 characters is a 400', async () => {
    expect((await s.call('passkitLog', { body: { logs: Array.from({ length: 21 }, () => 'Zeile') } })).status).toBe(400);
    expect((await s.call('passkitLog', { body: { logs: ['x'.repeat(1001)] } })).status).toBe(400);
    expect((await s.call('passkitLog', { body: { logs: Array.from({ length: 20 }, () => 'y'.repeat(1000)) } })).status).toBe(200);
  });

  test('at most the per-minute budget of lines is written, however many requests come', async () => {
    const lines = captureLog();
    const before = Date.now();
    for (let i = 0; i < 10; i++) {
      expect((await s.call('passkitLog', { body: { logs: Array.from({ length: 20 }, (_, j) => `Zeile ${i}-${j}`) } })).status).toBe(200);
    }
    // 200 lines sent within (at most) two minutes: at most two budgets written.
    const minutes = Math.floor(Date.now() / 60_000) - Math.floor(before / 60_000) + 1;
    expect(deviceLines(lines).length).toBeLessThanOrEqual(PASSKIT_LOG_LINES_PER_MINUTE * minutes);
    expect(deviceLines(lines).length).toBeGreaterThan(0);
  });
});
