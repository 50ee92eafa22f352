import { fillPath } from '../../../shared/api/define.ts';
import { uploadCreate } from '../../../shared/api/routes/upload.ts';
import type { RouteOutput } from '../../../shared/api/define.ts';
import { msg } from '../../../shared/messages.ts';
import { getToken } from '../session.ts';
import type { ApiResult } from './client.ts';

/** Spec §7 uploadPicture: the image as multipart field `image` for a company; answers `{ filename }`. */
export async function uploadPicture(companyId: string, image: Blob, name = 'bild.png'): Promise<ApiResult<RouteOutput<typeof uploadCreate>>> {
  const form = new FormData();
  form.append('image', image, name);
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(fillPath(uploadCreate.path, { id: companyId }), {
      method: uploadCreate.method,
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: form,
    });
  } catch {
    return { data: null, statusCode: 0, errorMessage: msg.errors.network };
  }
  const body = (await res.json().catch(() => null)) as { filename?: string; message?: string } | null;
  if (res.ok && body?.filename) return { data: { filename: body.filename }, statusCode: res.status, errorMessage: null };
  return { data: null, statusCode: res.status, errorMessage: body?.message ?? msg.errors.generic };
}
