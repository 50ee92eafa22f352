import { fillPath } from '../../../shared/api/define.ts';
import type { RouteDef, RouteParams } from '../../../shared/api/define.ts';
import { msg } from '../../../shared/messages.ts';
import { request } from './client.ts';

/** The file name of a Content-Disposition header: the UTF-8 `filename*` (umlauts) before the ASCII `filename`. */
export function fileName(disposition: string | null): string | undefined {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star.trim());
    } catch {
      // A malformed encoding: use the plain name.
    }
  }
  return disposition?.match(/filename="([^"]+)"/)?.[1];
}

/**
 * Fetches a file route with the bearer token (a plain link could not send it) and hands it to
 * the browser as a download under the server's file name. Returns an error text or null.
 */
export async function downloadFile<R extends RouteDef>(route: R, params: RouteParams<R>, fallbackName: string, query?: Record<string, string>): Promise<string | null> {
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  const res = await request(fillPath(route.path, params as Record<string, string>) + search, { method: route.method }, async (r) => ({
    name: fileName(r.headers.get('content-disposition')) ?? fallbackName,
    blob: await r.blob(),
  }));
  if (!res.data) return res.errorMessage ?? msg.errors.generic;
  const url = URL.createObjectURL(res.data.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = res.data.name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return null;
}
