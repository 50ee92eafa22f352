import { fillPath } from '../../../../shared/api/define.ts';
import type { RouteOutput } from '../../../../shared/api/define.ts';
import { convertCsvToJson } from '../../../../shared/api/routes/tools.ts';
import { readJson, request } from '../../api/client.ts';
import type { ApiResult } from '../../api/client.ts';

/** Spec §7 `POST convert/csvtojson`: the file (CSV or XLSX) as multipart field `file`, an XLSX sheet in `sheet`. */
export function uploadCsv(file: Blob, name: string, sheet?: string): Promise<ApiResult<RouteOutput<typeof convertCsvToJson>>> {
  const form = new FormData();
  form.append('file', file, name);
  if (sheet) form.append('sheet', sheet);
  return request(fillPath(convertCsvToJson.path, {}), { method: convertCsvToJson.method, headers: { accept: 'application/json' }, body: form },
    async (res) => (await readJson(res)) as RouteOutput<typeof convertCsvToJson>);
}
