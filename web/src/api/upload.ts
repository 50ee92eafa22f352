import { fillPath } from '../../../shared/api/define.ts';
import { uploadCreate } from '../../../shared/api/routes/upload.ts';
import type { RouteOutput } from '../../../shared/api/define.ts';
import { readJson, request } from './client.ts';
import type { ApiResult } from './client.ts';

/** Spec §7 uploadPicture: the image as multipart field `image` for a company; answers `{ filename }`. */
export function uploadPicture(companyId: string, image: Blob, name = 'bild.png'): Promise<ApiResult<RouteOutput<typeof uploadCreate>>> {
  const form = new FormData();
  form.append('image', image, name);
  return request(fillPath(uploadCreate.path, { id: companyId }), { method: uploadCreate.method, headers: { accept: 'application/json' }, body: form },
    async (res) => (await readJson(res)) as RouteOutput<typeof uploadCreate>);
}
