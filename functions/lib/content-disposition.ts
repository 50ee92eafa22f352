/** German letters spelled out for the ASCII file name (`Jürgen Weiß` -> `Juergen Weiss`). */
const spelled: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };

/** The name as plain ASCII letters, digits, `-`, `_` and `.`, for browsers that ignore `filename*`. */
export function asciiFileName(name: string): string {
  return name
    .replace(/[äöüÄÖÜß]/g, (c) => spelled[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[-.]+|-+(?=\.)|-+$/g, '');
}

/**
 * `Content-Disposition: attachment` with an ASCII `filename` and the exact UTF-8 name in
 * `filename*` (RFC 6266 / RFC 8187), so 'Jürgen-Weiß.vcf' arrives as typed.
 */
export function attachment(fileName: string): string {
  const ascii = asciiFileName(fileName) || 'download';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
