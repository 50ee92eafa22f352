import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { Readable } from 'node:stream';
import { routeList } from '../../shared/api/routes.ts';
import { CDN_LOG_HEADER, formatCdnLogLine } from '../../functions/domain/statistics/cdn-log-format.ts';
import { logLines, parseCdnLog } from '../../functions/domain/statistics/parse-cdn-log.ts';
import { isBotUserAgent } from '../../functions/domain/statistics/bots.ts';
import { countOf, reservedCardSegments } from '../../functions/domain/statistics/counted-requests.ts';
import { addMonths, berlinDay, lastMonths } from '../../functions/domain/statistics/berlin-time.ts';

const line = (at: string, path: string, o: { status?: number; ua?: string; method?: string } = {}) =>
  formatCdnLogLine({ at: new Date(at), method: o.method ?? 'GET', path, status: o.status ?? 200, userAgent: o.ua ?? 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' });

const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

describe('CDN log parsing', () => {
  it('counts 200/304 GETs of the card JSON as views and of the vCard as saves, per card and Berlin day', async () => {
    const text = CDN_LOG_HEADER + [
      line('2026-03-10T10:00:00Z', '/api/card/abc'),
      line('2026-03-10T11:00:00Z', '/api/card/abc', { status: 304 }),
      line('2026-03-10T11:00:01Z', '/api/card/abc', { status: 404 }),
      line('2026-03-10T11:00:02Z', '/api/card/abc', { method: 'HEAD' }),
      line('2026-03-10T12:00:00Z', '/api/card/abc/vcard'),
      line('2026-03-10T12:00:00Z', '/api/card/xyz'),
      line('2026-03-10T12:00:00Z', '/api/card/company'),
      line('2026-03-10T12:00:00Z', '/api/card/statistic'),
      line('2026-03-10T12:00:00Z', '/api/card/company/person/abc'),
      line('2026-03-10T12:00:00Z', '/c/abc'),
    ].join('\n') + '\n';
    const parsed = await parseCdnLog(logLines(Readable.from([Buffer.from(text)])));
    expect(parsed.lines).toBe(10);
    expect(parsed.counted).toBe(4);
    expect(parsed.counts).toEqual([
      { cardId: 'abc', day: '2026-03-10', views: 2, saves: { vcard: 1 } },
      { cardId: 'xyz', day: '2026-03-10', views: 1, saves: {} },
    ]);
  });

  it('reads gzip files (CloudFront delivers .gz) and a #Fields line in another order', async () => {
    const text = '#Version: 1.0\n#Fields: cs-uri-stem sc-status date time cs-method cs(User-Agent)\n'
      + '/api/card/k1\t200\t2026-01-01\t08:00:00\tGET\t-\n/api/card/k1\t200\t2026-01-01\t09:00:00\tGET\tGooglebot/2.1\n';
    const parsed = await parseCdnLog(logLines(Readable.from([gzipSync(Buffer.from(text))])));
    expect(parsed.counts).toEqual([{ cardId: 'k1', day: '2026-01-01', views: 1, saves: {} }]);
    expect(parsed.bots).toBe(1);
  });

  it('puts a view at 23:30 UTC on 31 January into February (Europe/Berlin), and the summer-time night right', async () => {
    const parsed = await parseCdnLog([
      line('2026-01-31T22:59:59Z', '/api/card/m'),
      line('2026-01-31T23:00:00Z', '/api/card/m'),
      line('2026-01-31T23:30:00Z', '/api/card/m'),
      // Summer time: midnight in Berlin is 22:00 UTC.
      line('2026-07-31T21:59:59Z', '/api/card/s'),
      line('2026-07-31T22:00:00Z', '/api/card/s'),
    ]);
    expect(parsed.counts.map((c) => [c.cardId, c.day, c.views])).toEqual([
      ['m', '2026-01-31', 1], ['m', '2026-02-01', 2], ['s', '2026-07-31', 1], ['s', '2026-08-01', 1],
    ]);
  });

  it('leaves out known bots and link-preview fetchers, not browsers', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0%20(compatible;%20bingbot/2.0;%20+http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'WhatsApp/2.23.20.0', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', 'TelegramBot (like TwitterBot)',
      'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5', 'LinkedInBot/1.0', 'Discordbot/2.0', 'Twitterbot/1.0',
      'Mozilla/5.0 (compatible; YandexBot/3.0)', 'Baiduspider', 'Applebot/0.1', 'Iframely/1.3.1', 'bot',
    ]) expect(isBotUserAgent(ua), ua).toBe(true);
    for (const ua of [BROWSER, 'Mozilla/5.0 (Android 10; CUBOT_X30) Chrome/120', '-', '', 'node',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0 Safari/537.36']) {
      expect(isBotUserAgent(ua), ua).toBe(false);
    }
  });

  it('never takes a static route segment under /api/card/ for a card id', () => {
    const underCard = [...new Set(routeList.filter((r) => r.path.startsWith('/api/card/')).map((r) => r.path.split('/')[3]!))].filter((s) => !s.startsWith('{'));
    expect(underCard).toContain('company');
    for (const s of underCard) expect(reservedCardSegments.has(s), s).toBe(true);
    expect(countOf('GET', '/api/card/company', 200)).toBeUndefined();
  });

  it('writes nothing personal into a local log line', () => {
    const l = formatCdnLogLine({ at: new Date('2026-01-01T00:00:00Z'), method: 'GET', path: '/api/card/a b', status: 200, userAgent: '-' });
    const f = l.split('\t');
    expect(f).toHaveLength(33);
    expect(f[4]).toBe('-'); // c-ip
    expect(f[12]).toBe('-'); // cookie
    expect(f[7]).toBe('/api/card/a%20b');
  });
});

describe('Berlin months', () => {
  it('lists the current month and the 11 before it, across the year', () => {
    expect(lastMonths(new Date('2026-01-31T23:30:00Z'))).toEqual([
      '2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02',
    ]);
    expect(addMonths('2026-01', -13)).toBe('2024-12');
    expect(berlinDay(new Date('2026-03-29T00:30:00Z'))).toBe('2026-03-29');
  });
});
