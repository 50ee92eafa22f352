// `npm start`: the whole product on one machine with the handler code that runs in Lambda.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { startDynamoLocal, StartupError } from './dynamo-local.ts';
import type { DynamoLocal } from './dynamo-local.ts';
import { prepareLocal } from './prepare.ts';
import { createLocalServer } from './server.ts';
import { startCardChangeFeed } from './card-change-feed.ts';
import type { CardChangeFeed } from './card-change-feed.ts';
import { createCdnLogWriter } from './cdn-log-writer.ts';
import type { CdnLogWriter } from './cdn-log-writer.ts';
import { buildWeb } from '../../web/build.ts';
import { ENDPOINT_FILE } from './endpoint-file.ts';

const root = resolve(import.meta.dirname, '../..');

function config() {
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new StartupError(`PORT "${process.env.PORT}" ist keine gültige Portnummer (0-65535).`);
  return {
    port,
    host: process.env.HOST ?? '127.0.0.1',
    dataDir: resolve(root, process.env.DATA_DIR ?? '.data'),
    adminUsername: process.env.ADMIN_USERNAME ?? 'admin',
    adminPassword: process.env.ADMIN_PASSWORD,
    viewFlushSeconds: viewFlushSeconds(),
  };
}

/** How often the local access log is closed and counted (the statistics' stand-in for the CDN's log delivery). */
function viewFlushSeconds(): number {
  const v = Number(process.env.VIEW_FLUSH_SECONDS ?? 10);
  if (!Number.isFinite(v) || v <= 0) throw new StartupError(`VIEW_FLUSH_SECONDS "${process.env.VIEW_FLUSH_SECONDS}" muss eine Zahl größer als 0 sein (Sekunden, Standard 10).`);
  return v;
}

/** Creates one level at a time: Node's recursive mkdir can spin forever below /proc. */
function makeDir(dir: string): void {
  if (existsSync(dir)) return;
  makeDir(dirname(dir));
  mkdirSync(dir);
}

function prepareDataDir(dataDir: string): void {
  try {
    makeDir(join(dataDir, 'dynamodb'));
    makeDir(join(dataDir, 'uploads'));
    // A probe write, because access() says yes to root even on read-only mounts.
    const probe = join(dataDir, '.write-test');
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (err) {
    throw new StartupError(`Der Datenordner ${dataDir} ist nicht beschreibbar (${(err as NodeJS.ErrnoException).code}). Rechte prüfen oder DATA_DIR auf einen anderen Ordner setzen.`);
  }
}

/** The signing key survives restarts (sessions stay valid); AUTH_SECRET overrides it. */
function authSecret(dataDir: string): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

async function main(): Promise<void> {
  const c = config();
  // Take the port first: a busy port should fail before anything is created or started.
  let ready!: () => void;
  const readyPromise = new Promise<void>((r) => { ready = r; });
  let cdnLog: CdnLogWriter | undefined;
  const server = createLocalServer({ staticDir: join(root, 'dist/web'), ready: readyPromise, cdnLog: { record: (r) => cdnLog?.record(r) } });
  await new Promise<void>((ok, fail) => {
    server.once('error', (err: NodeJS.ErrnoException) => fail(err.code === 'EADDRINUSE'
      ? new StartupError(`Port ${c.port} ist belegt. Anderen Port wählen, z. B. PORT=3001 npm start.`)
      : err.code === 'EACCES' ? new StartupError(`Port ${c.port} darf nicht benutzt werden. Einen Port über 1024 wählen, z. B. PORT=3000.`) : err));
    server.listen(c.port, c.host, () => ok());
  });
  let dynamo: DynamoLocal | undefined;
  let feed: CardChangeFeed | undefined;
  // Registered before DynamoDB Local starts, so Ctrl-C at any moment takes the child process along.
  const stop = async () => {
    server.close();
    server.closeAllConnections();
    // Views of the last seconds are counted before the database goes; a failure leaves the file for the next start.
    await cdnLog?.stop().catch(() => undefined);
    await feed?.stop();
    await dynamo?.stop();
    rmSync(join(c.dataDir, ENDPOINT_FILE), { force: true });
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  prepareDataDir(c.dataDir);
  const listening = server.address();
  const boundPort = typeof listening === 'object' && listening ? listening.port : c.port;
  // QR codes and vCards name this server unless PUBLIC_BASE_URL says otherwise.
  const publicHost = c.host === '0.0.0.0' || c.host === '::' ? 'localhost' : c.host.includes(':') ? `[${c.host}]` : c.host;
  const built = await buildWeb({ onlyIfStale: true });
  if (built) console.log('Web-Oberfläche neu gebaut.');
  try {
    dynamo = await startDynamoLocal({ dbPath: join(c.dataDir, 'dynamodb') });
    writeFileSync(join(c.dataDir, ENDPOINT_FILE), dynamo.endpoint);
    const setup = await prepareLocal({
      endpoint: dynamo.endpoint,
      tableName: process.env.TABLE_NAME ?? 'visitenkarten',
      uploadsDir: join(c.dataDir, 'uploads'),
      authSecret: authSecret(c.dataDir),
      adminUsername: c.adminUsername,
      adminPassword: c.adminPassword,
      publicBaseUrl: process.env.PUBLIC_BASE_URL ?? `http://${publicHost}:${boundPort}`,
    });
    if (setup.createdAdmin) {
      const a = setup.createdAdmin;
      console.log(a.generated
        ? `Admin-Konto angelegt: Benutzername "${a.username}", Passwort "${a.password}" (wird nur dieses eine Mal angezeigt).`
        : `Admin-Konto angelegt: Benutzername "${a.username}" mit dem Passwort aus ADMIN_PASSWORD.`);
    }
    cdnLog = createCdnLogWriter({ dir: join(c.dataDir, 'cdn-logs'), flushSeconds: c.viewFlushSeconds });
    // The card-changed job, fed from the table's stream as in AWS (CDN, Apple and Google after a card change).
    feed = startCardChangeFeed({ endpoint: dynamo.endpoint, tableName: process.env.TABLE_NAME ?? 'visitenkarten', deadLetterDir: join(c.dataDir, 'dead-letter') });
    ready();
    const addr = server.address();
    const port = typeof addr === 'object' && addr ? addr.port : c.port;
    console.log(`Listening on http://${c.host}:${port}`);
  } catch (err) {
    server.close();
    await dynamo?.stop();
    throw err;
  }
}

main().catch((err: unknown) => {
  if (err instanceof StartupError) console.error(err.message);
  else console.error(`Start fehlgeschlagen: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
