// The CloudFront standard log format (the "legacy" standard logs CloudFront writes to S3):
// W3C extended, tab-separated, two header lines (`#Version: 1.0`, `#Fields: ...`), times in UTC,
// values URL-encoded, `-` for empty. https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/standard-logs-reference.html
// The local server writes the same format, so one parser serves both.

export const CDN_LOG_FIELDS = [
  'date', 'time', 'x-edge-location', 'sc-bytes', 'c-ip', 'cs-method', 'cs(Host)', 'cs-uri-stem', 'sc-status',
  'cs(Referer)', 'cs(User-Agent)', 'cs-uri-query', 'cs(Cookie)', 'x-edge-result-type', 'x-edge-request-id',
  'x-host-header', 'cs-protocol', 'cs-bytes', 'time-taken', 'x-forwarded-for', 'ssl-protocol', 'ssl-cipher',
  'x-edge-response-result-type', 'cs-protocol-version', 'fle-status', 'fle-encrypted-fields', 'c-port',
  'time-to-first-byte', 'x-edge-detailed-result-type', 'sc-content-type', 'sc-content-len', 'sc-range-start',
  'sc-range-end',
] as const;

export type CdnLogField = (typeof CDN_LOG_FIELDS)[number];

export const CDN_LOG_HEADER = `#Version: 1.0\n#Fields: ${CDN_LOG_FIELDS.join(' ')}\n`;

/** The values one line needs; everything else is `-`. */
export interface CdnLogEntry {
  at: Date;
  method: string;
  path: string;
  status: number;
  /** As logged (URL-encoded); `-` when none or not recorded. */
  userAgent: string;
  query?: string;
  host?: string;
  bytes?: number;
}

function encode(value: string | undefined): string {
  if (value === undefined || value === '') return '-';
  // CloudFront URL-encodes spaces and control characters; a tab or newline must never split a line.
  return value.replace(/[\s%]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** One log line (without the newline) in CDN_LOG_FIELDS order. */
export function formatCdnLogLine(e: CdnLogEntry): string {
  const iso = e.at.toISOString();
  const values: Partial<Record<CdnLogField, string>> = {
    date: iso.slice(0, 10),
    time: iso.slice(11, 19),
    'x-edge-location': 'LOCAL',
    'sc-bytes': String(e.bytes ?? 0),
    'cs-method': e.method,
    'cs(Host)': encode(e.host),
    'cs-uri-stem': encode(e.path),
    'sc-status': String(e.status),
    'cs(User-Agent)': e.userAgent === '' ? '-' : encode(e.userAgent),
    'cs-uri-query': encode(e.query),
    'x-edge-result-type': 'Miss',
    'cs-protocol': 'http',
  };
  return CDN_LOG_FIELDS.map((f) => values[f] ?? '-').join('\t');
}

/** Column positions of the fields the aggregator reads, from a `#Fields:` line. */
export interface FieldIndex {
  date: number;
  time: number;
  method: number;
  path: number;
  status: number;
  userAgent: number;
  /** -1 when the file has no query column (only the tap beacon needs it). */
  query: number;
}

export function fieldIndex(fieldsLine?: string): FieldIndex {
  const names: readonly string[] = fieldsLine ? fieldsLine.replace(/^#Fields:\s*/, '').trim().split(/\s+/) : CDN_LOG_FIELDS;
  const at = (name: CdnLogField) => {
    const i = names.indexOf(name);
    if (i < 0) throw new Error(`CDN-Log ohne Feld ${name}: ${fieldsLine ?? ''}`);
    return i;
  };
  return { date: at('date'), time: at('time'), method: at('cs-method'), path: at('cs-uri-stem'), status: at('sc-status'), userAgent: at('cs(User-Agent)'), query: names.indexOf('cs-uri-query') };
}
