import { fillPath } from '../../../shared/api/define.ts';
import type { RouteDef, RouteParams } from '../../../shared/api/define.ts';
import { msg } from '../../../shared/messages.ts';
import { getToken } from '../session.ts';

/**
 * Fetches a file route with the bearer token (a plain link could not send it) and hands it to
 * the browser as a download under the server's file name. Returns an error text or null.
 */
export async function downloadFile<R extends RouteDef>(route: R, params: RouteParams<R>, fallbackName: string): Promise<string | null> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(fillPath(route.path, params as Record<string, string>), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    return msg.errors.network;
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    return body?.message ?? msg.errors.generic;
  }
  const name = res.headers.get('content-disposition')?.match(/filename="([^"]+)"/)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return null;
}
