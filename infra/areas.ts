// Per-area settings of the API functions (infra/constructs/api.ts). Everything else comes from the
// base construct (infra/constructs/app-function.ts): 512 MB, 10 s.
export interface AreaSettings {
  memorySize?: number;
  timeoutSeconds?: number;
}

export const areaSettings: Partial<Record<string, AreaSettings>> = {
  // Decodes and re-encodes uploaded images (up to 25 megapixels) and writes resized variants.
  upload: { memorySize: 1536, timeoutSeconds: 20 },
  // Builds and signs wallet passes (images, zip, PKCS#7).
  wallet: { memorySize: 1024, timeoutSeconds: 15 },
  // Import batches (100 rows) and legacy conversions write card after card (they share the company's counters).
  tools: { memorySize: 1024, timeoutSeconds: 30 },
};

/** API Gateway throttling: the stage default and stricter limits per route key (requests per second, burst). */
export const stageThrottle = { rateLimit: 200, burstLimit: 400 };
export const routeThrottles: Record<string, { rateLimit: number; burstLimit: number }> = {
  // Sign-in: password guessing is also throttled per account and address in the handler and at the WAF.
  'POST /api/auth': { rateLimit: 5, burstLimit: 10 },
};
