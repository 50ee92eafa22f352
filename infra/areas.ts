// Per-area settings of the API functions (infra/constructs/api.ts). Everything else comes from the
// base construct (infra/constructs/app-function.ts): 512 MB, 10 s.
export interface AreaSettings {
  memorySize?: number;
  timeoutSeconds?: number;
}

export const areaSettings: Partial<Record<string, AreaSettings>> = {
  // Decodes an upload (up to 25 MP) with libvips and writes 24 derivatives: measured 0.45 s CPU and
  // about 190 MB peak for 25 MP on x64 (bench imagePipeline). Memory buys CPU here (one libvips
  // thread): 1536 MB is 0.87 vCPU, so even a slower arm64 core answers in about a second.
  upload: { memorySize: 1536 },
  // Builds and signs wallet passes (images, zip, PKCS#7).
  wallet: { memorySize: 1024, timeoutSeconds: 15 },
  // Import batches and legacy conversions write card after card (they share the company's counters). Each
  // request stops starting rows after IMPORT_TIME_BUDGET_MS (10 s) and leaves the rest to the next one, so it
  // answers long before this timeout, which itself stays well inside the HTTP API's 30 s: a request is never
  // cut off by API Gateway (503/504) while its function keeps writing.
  tools: { memorySize: 1024, timeoutSeconds: 20 },
  // Table exports (CSV/XLSX) of up to 10,000 cards: bench `exports`.
  exports: { memorySize: 1024, timeoutSeconds: 20 },
};

/** The HTTP API's integration timeout (its maximum): a function answering later gets the client a 503/504. */
export const HTTP_API_TIMEOUT_SECONDS = 30;

/**
 * API Gateway throttling: a ceiling for all clients together (requests per second, burst), so a
 * flood cannot run up the Lambda bill; per-client limits are the WAF's rate rules per address
 * (infra/waf-stack.ts) and the handlers' per-account buckets. A low stage limit would let one
 * client lock everyone out (issue 19).
 */
export const stageThrottle = { rateLimit: 1000, burstLimit: 2000 };
export const routeThrottles: Record<string, { rateLimit: number; burstLimit: number }> = {
  // Sign-in hashes with scrypt (32 MiB, ~100 ms): the ceiling bounds that work, far above what the
  // WAF lets one address send (100 in 5 minutes).
  'POST /api/auth': { rateLimit: 100, burstLimit: 200 },
};
