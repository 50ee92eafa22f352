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
  // Import batches (100 rows) and legacy conversions write card after card (they share the company's counters).
  tools: { memorySize: 1024, timeoutSeconds: 30 },
};

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
