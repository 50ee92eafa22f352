import { ssoMessages as m } from '../../../shared/messages/sso.ts';
import { ValidationError, UnavailableError } from '../errors.ts';
import { httpJson } from '../http-json.ts';

/** What we use of a provider's discovery document (OpenID Connect Discovery 1.0, section 3). */
export interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  token_endpoint_auth_methods_supported?: string[];
  code_challenge_methods_supported?: string[];
  id_token_signing_alg_values_supported?: string[];
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const TIMEOUT_MS = 5000;
const CACHE_MS = 10 * 60 * 1000;

/** https, or http to this machine (a provider in tests and local development). */
export function isAllowedProviderUrl(value: string): boolean {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return false;
  }
  if (u.username || u.password || u.hash) return false;
  return u.protocol === 'https:' || (u.protocol === 'http:' && LOCAL_HOSTS.has(u.hostname));
}

const cache = new Map<string, { at: number; metadata: ProviderMetadata }>();

async function fetchJson(url: string): Promise<unknown> {
  const res = await httpJson(url, { timeoutMs: TIMEOUT_MS });
  if (res.status !== 200) throw new Error(`HTTP ${res.status} von ${url}`);
  return res.json;
}

/**
 * The provider's metadata from `<issuer>/.well-known/openid-configuration`, kept for ten minutes
 * per container. The document must name exactly this issuer (Discovery 1.0 section 4.3) and
 * endpoints we may call. `forSetup` turns failures into a 400 on `issuer` for the settings form.
 */
export async function discover(issuer: string, o: { forSetup?: boolean; fresh?: boolean } = {}): Promise<ProviderMetadata> {
  const hit = cache.get(issuer);
  if (hit && !o.fresh && Date.now() - hit.at < CACHE_MS) return hit.metadata;
  const fail = (detail: string): never => {
    if (o.forSetup) throw new ValidationError(m.discoveryFailed(detail), { issuer: m.discoveryFailed(detail) });
    throw new UnavailableError(m.providerUnreachable);
  };
  let doc: Partial<ProviderMetadata>;
  try {
    doc = (await fetchJson(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`)) as Partial<ProviderMetadata>;
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err));
  }
  if (doc.issuer !== issuer) return fail(`Das Dokument nennt den Aussteller „${String(doc.issuer)}“ statt „${issuer}“.`);
  for (const key of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    if (typeof doc[key] !== 'string' || !isAllowedProviderUrl(doc[key])) return fail(`${key} fehlt oder ist keine https-Adresse.`);
  }
  const metadata = doc as ProviderMetadata;
  cache.set(issuer, { at: Date.now(), metadata });
  return metadata;
}
