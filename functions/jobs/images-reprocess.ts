import type { Context } from 'aws-lambda';
import { reprocessUploads } from '../domain/uploads/reprocess-uploads.ts';
import type { ReprocessResult } from '../domain/uploads/reprocess-uploads.ts';
import { log } from '../lib/log.ts';

/** Time left for the upload in hand when the run stops (the largest upload takes about a second). */
const MARGIN_MS = 60_000;

/**
 * Started by hand after a deploy that changes the image pipeline (docs/deploy.md): remakes every
 * upload's files with the code `npm run images:reprocess` runs locally. Stops a minute before its
 * timeout; `done: false` in the answer means: invoke it again, it goes on where it stopped.
 */
export async function handler(_event: unknown, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<ReprocessResult> {
  const deadline = context ? Date.now() + context.getRemainingTimeInMillis() - MARGIN_MS : undefined;
  const result = await reprocessUploads({ ...(deadline !== undefined ? { deadline } : {}) });
  log('info', result.done ? 'image reprocess finished' : 'image reprocess stopped before its timeout: invoke the job again', { ...result });
  return result;
}
