/** A failure answered to the directory in SCIM's error schema (RFC 7644 section 3.12), `detail` in German. */
export class ScimError extends Error {
  readonly status: number;
  readonly scimType: string | undefined;
  constructor(status: number, detail: string, scimType?: string) {
    super(detail);
    this.status = status;
    this.scimType = scimType;
  }
}

export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

export function scimErrorBody(e: ScimError): Record<string, unknown> {
  return { schemas: [SCIM_ERROR_SCHEMA], status: String(e.status), ...(e.scimType ? { scimType: e.scimType } : {}), detail: e.message };
}
