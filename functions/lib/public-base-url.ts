import { env } from './env.ts';

/** `npm start`'s default address, for a process that was started without PUBLIC_BASE_URL. */
const LOCAL_DEFAULT = 'http://127.0.0.1:3000';

/**
 * Where visitors reach the product (origin, no trailing slash): the public card URLs in QR codes
 * and vCards. PUBLIC_BASE_URL in AWS (CloudFront URL or custom domain); the local server and the
 * test servers set it to their own address.
 */
export function publicBaseUrl(): string {
  return new URL(env().PUBLIC_BASE_URL ?? LOCAL_DEFAULT).origin;
}
