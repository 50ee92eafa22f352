/** One part of a multipart/form-data body. */
export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** The boundary of a `multipart/form-data` content type, or null when it is something else. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType.trim())) return null;
  const m = contentType.match(/boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i);
  return m?.[1] ?? m?.[2] ?? null;
}

function headerParam(header: string, param: string): string | undefined {
  const m = header.match(new RegExp(`(?:^|;)\\s*${param}="((?:[^"\\\\]|\\\\.)*)"`, 'i')) ?? header.match(new RegExp(`(?:^|;)\\s*${param}=([^;]*)`, 'i'));
  return m?.[1]?.trim();
}

/**
 * Splits a multipart/form-data body (RFC 7578) into its parts. Bytes stay bytes: file contents
 * are never decoded as text. A body that does not follow the format gives null.
 */
export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] | null {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let pos = body.indexOf(delimiter);
  if (pos < 0) return null;
  for (;;) {
    pos += delimiter.length;
    // `--` after a delimiter ends the body.
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return parts;
    if (body[pos] === 0x0d && body[pos + 1] === 0x0a) pos += 2;
    else return null;
    const headerEnd = body.indexOf('\r\n\r\n', pos);
    if (headerEnd < 0) return null;
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headerEnd + 4);
    if (next < 0) return null;
    const headers = new Map<string, string>();
    for (const line of body.subarray(pos, headerEnd).toString('utf8').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const disposition = headers.get('content-disposition') ?? '';
    const name = headerParam(disposition, 'name');
    if (!/^form-data/i.test(disposition) || name === undefined) return null;
    const filename = headerParam(disposition, 'filename');
    const contentType = headers.get('content-type');
    parts.push({
      name,
      ...(filename !== undefined ? { filename } : {}),
      ...(contentType ? { contentType } : {}),
      data: body.subarray(headerEnd + 4, next),
    });
    pos = next + 2;
  }
}
