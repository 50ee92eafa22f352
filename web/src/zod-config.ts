import { config } from 'zod/mini';

// Under the CSP (no 'unsafe-eval', shared/security-headers.ts) zod's probe for `new Function`
// is reported as a violation even though zod catches it; jitless skips the probe. Imported first.
config({ jitless: true });
