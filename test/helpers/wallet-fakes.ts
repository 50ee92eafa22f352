import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { createSecureServer } from 'node:http2';
import type { Http2SecureServer, ServerHttp2Stream } from 'node:http2';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';

// Throw-away stand-ins for Apple's and Google's side of the wallet: a certificate chain like
// Apple's (root, WWDR-like intermediate, pass signer), an APNs server on HTTP/2 that demands the
// pass certificate, and Google's token endpoint and Wallet REST API.

export const PASS_TYPE_ID = 'pass.de.test.visitenkarten';
export const TEAM_ID = 'TESTTEAM42';

export interface TestChain {
  dir: string;
  rootCert: string;
  wwdrCert: string;
  signerCert: string;
  signerKey: string;
  /** TLS of the fake APNs (localhost), issued by the same root. */
  serverCert: string;
  serverKey: string;
  files: { root: string; wwdr: string; signerCert: string; signerKey: string };
}

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

/** Root CA -> WWDR-like intermediate -> pass signer (and a localhost server certificate), by the openssl CLI. */
export function makeTestChain(): TestChain {
  const dir = mkdtempSync(join(tmpdir(), 'vk-wallet-chain-'));
  const ext = (name: string, text: string) => writeFileSync(join(dir, name), text);
  ext('ca.ext', 'basicConstraints=critical,CA:true\nkeyUsage=critical,keyCertSign,cRLSign\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n');
  ext('signer.ext', 'basicConstraints=critical,CA:false\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=clientAuth\n');
  ext('server.ext', 'basicConstraints=critical,CA:false\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=DNS:localhost,IP:127.0.0.1\n');
  openssl(dir, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'root.key', '-out', 'root.pem', '-days', '2', '-subj', '/CN=Test Root CA',
    '-addext', 'basicConstraints=critical,CA:true', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
  const issue = (name: string, subj: string, ca: string, extFile: string) => {
    openssl(dir, ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subj]);
    openssl(dir, ['x509', '-req', '-in', `${name}.csr`, '-CA', `${ca}.pem`, '-CAkey', `${ca}.key`, '-CAcreateserial', '-out', `${name}.pem`, '-days', '2', '-extfile', extFile]);
  };
  issue('wwdr', '/CN=Test Worldwide Developer Relations G4/OU=G4/O=Test', 'root', 'ca.ext');
  issue('signer', `/UID=${PASS_TYPE_ID}/CN=Pass Type ID: ${PASS_TYPE_ID}/OU=${TEAM_ID}/O=Test`, 'wwdr', 'signer.ext');
  issue('server', '/CN=localhost', 'root', 'server.ext');
  const read = (f: string) => execFileSync('cat', [join(dir, f)], { encoding: 'utf8' });
  return {
    dir,
    rootCert: read('root.pem'),
    wwdrCert: read('wwdr.pem'),
    signerCert: read('signer.pem'),
    signerKey: read('signer.key'),
    serverCert: read('server.pem'),
    serverKey: read('server.key'),
    files: { root: join(dir, 'root.pem'), wwdr: join(dir, 'wwdr.pem'), signerCert: join(dir, 'signer.pem'), signerKey: join(dir, 'signer.key') },
  };
}

export interface ApnsPush {
  path: string;
  topic: string | undefined;
  body: string;
  /** Subject of the client certificate the push came with. */
  clientSubject: string;
}

export interface FakeApns {
  host: string;
  pushes: ApnsPush[];
  /** Answer with this status for these tokens (e.g. 410 Unregistered), with APNs' JSON reason where given (`400 BadDeviceToken`). */
  statusFor: Map<string, number | { status: number; reason: string }>;
  /** Answer every push with this status while set (e.g. 503: APNs down). */
  failAll: number | undefined;
  close(): Promise<void>;
}

/** APNs on HTTP/2 with TLS: only clients with a certificate of the test chain get in. */
export async function startFakeApns(chain: TestChain): Promise<FakeApns> {
  const pushes: ApnsPush[] = [];
  const statusFor: FakeApns['statusFor'] = new Map();
  const state = { failAll: undefined as number | undefined };
  const server: Http2SecureServer = createSecureServer({
    key: chain.serverKey, cert: chain.serverCert, ca: [chain.rootCert, chain.wwdrCert], requestCert: true, rejectUnauthorized: true,
  });
  server.on('stream', (stream: ServerHttp2Stream, headers) => {
    let body = '';
    stream.on('data', (c: Buffer) => { body += c.toString('utf8'); });
    stream.on('end', () => {
      const socket = stream.session?.socket as TLSSocket | undefined;
      const subject = socket?.getPeerCertificate()?.subject as unknown as Record<string, string> | undefined;
      const path = String(headers[':path']);
      pushes.push({ path, topic: headers['apns-topic'] as string | undefined, body, clientSubject: subject?.CN ?? '' });
      const answer = state.failAll ?? statusFor.get(path.split('/').pop() ?? '') ?? 200;
      const status = typeof answer === 'number' ? answer : answer.status;
      // APNs answers a refusal with a JSON body naming the reason (and 410 with a timestamp).
      const reason = typeof answer === 'number' ? (status === 410 ? 'Unregistered' : status === 200 ? undefined : 'InternalServerError') : answer.reason;
      stream.respond({ ':status': status, ...(reason ? { 'content-type': 'application/json' } : {}) });
      stream.end(reason ? JSON.stringify({ reason }) : undefined);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as AddressInfo).port;
  return {
    host: `localhost:${port}`,
    pushes,
    statusFor,
    get failAll() { return state.failAll; },
    set failAll(v) { state.failAll = v; },
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}

export interface GoogleRequest {
  method: string;
  path: string;
  auth: string | undefined;
  body: any;
}

export interface FakeGoogle {
  apiUrl: string;
  tokenUrl: string;
  requests: GoogleRequest[];
  objects: Map<string, any>;
  /** Assertions the token endpoint received (JWT grant). */
  assertions: string[];
  close(): Promise<void>;
}

/** Google's OAuth token endpoint and the Wallet REST API (classes and objects kept in memory). */
export async function startFakeGoogle(): Promise<FakeGoogle> {
  const requests: GoogleRequest[] = [];
  const objects = new Map<string, any>();
  const classes = new Set<string>();
  const assertions: string[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => { raw += c.toString('utf8'); });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (url.pathname === '/token') {
        const form = new URLSearchParams(raw);
        assertions.push(form.get('assertion') ?? '');
        return send(200, { access_token: 'test-access-token', expires_in: 3600, token_type: 'Bearer' });
      }
      const body = raw ? JSON.parse(raw) : undefined;
      requests.push({ method: req.method ?? '', path: url.pathname, auth: req.headers.authorization, body });
      if (req.headers.authorization !== 'Bearer test-access-token') return send(401, { error: 'unauthenticated' });
      const m = url.pathname.match(/^\/walletobjects\/v1\/(genericClass|genericObject)(?:\/(.+))?$/);
      if (!m) return send(404, {});
      const [, kind, id] = m;
      if (kind === 'genericClass') {
        if (classes.has(body.id)) return send(409, {});
        classes.add(body.id);
        return send(200, body);
      }
      const objectId = id ? decodeURIComponent(id) : body.id;
      if (req.method === 'POST') {
        if (objects.has(objectId)) return send(409, {});
        objects.set(objectId, body);
        return send(200, body);
      }
      if (!objects.has(objectId)) return send(404, {});
      objects.set(objectId, req.method === 'PATCH' ? { ...objects.get(objectId), ...body } : body);
      return send(200, objects.get(objectId));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { apiUrl: `${base}/walletobjects/v1`, tokenUrl: `${base}/token`, requests, objects, assertions, close: () => new Promise((ok) => server.close(() => ok())) };
}

/** A service-account JSON like Google's, with a fresh RSA key and the fake token endpoint. */
export function makeServiceAccount(dir: string, tokenUrl: string): { file: string; publicKeyPem: string; clientEmail: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = 'wallet@test-project.iam.gserviceaccount.com';
  const file = join(dir, 'service-account.json');
  writeFileSync(file, JSON.stringify({
    type: 'service_account',
    client_email: clientEmail,
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    token_uri: tokenUrl,
  }));
  return { file, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), clientEmail };
}

/**
 * Both wallets "set up" for pages that only need to know they work (the QR wallet page): a
 * throw-away chain and service account in the environment, before the server starts. Nothing is
 * signed or sent to Google with it.
 */
export function configureTestWallets(): void {
  const chain = makeTestChain();
  const sa = makeServiceAccount(chain.dir, 'http://127.0.0.1:9/token');
  Object.assign(process.env, {
    APPLE_PASS_TYPE_ID: PASS_TYPE_ID, APPLE_TEAM_ID: TEAM_ID, APPLE_PASS_CERT_FILE: chain.files.signerCert,
    APPLE_PASS_KEY_FILE: chain.files.signerKey, APPLE_WWDR_CERT_FILE: chain.files.wwdr,
    GOOGLE_WALLET_ISSUER_ID: '3388000000022222222', GOOGLE_WALLET_KEY_FILE: sa.file,
  });
}
