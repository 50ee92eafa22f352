import { fillPath } from '../../../../shared/api/define.ts';
import type { RouteOutput } from '../../../../shared/api/define.ts';
import { convertCsvToJson } from '../../../../shared/api/routes/tools.ts';
import { readJson, request } from '../../api/client.ts';
import type { ApiResult } from '../../api/client.ts';

/** Spec §7 `POST convert/csvtojson`: the file as multipart field `file`. */
export function uploadCsv(file: Blob, name: string): Promise<ApiResult<RouteOutput<typeof convertCsvToJson>>> {
  const form = new FormData();
  form.append('file', file, name);
  return request(fillPath(convertCsvToJson.path, {}), { method: convertCsvToJson.method, headers: { accept: 'application/json' }, body: form },
    async (res) => (await readJson(res)) as RouteOutput<typeof convertCsvToJson>);
}
