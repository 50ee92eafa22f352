/** Attempts of one piece of work and the backoff between them (full jitter, doubling, capped). */
export interface RetryOptions {
  attempts: number;
  baseMs: number;
  capMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { attempts: 4, baseMs: 200, capMs: 5000 };

/** Backoff before attempt `n` (2, 3, …): AWS's "full jitter" (a random wait up to the doubled base). */
export function backoffMs(o: RetryOptions, attempt: number): number {
  return Math.random() * Math.min(o.capMs, o.baseMs * 2 ** (attempt - 1));
}

/** Runs `attempt` until it answers true or the attempts are used up; answers whether it succeeded. */
export async function withRetry(o: RetryOptions, attempt: () => Promise<boolean>): Promise<boolean> {
  for (let n = 1; ; n++) {
    if (await attempt()) return true;
    if (n >= o.attempts) return false;
    await new Promise((ok) => setTimeout(ok, backoffMs(o, n + 1)));
  }
}
