import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';

/** A clear, one-line problem the person starting the product can fix. */
export class StartupError extends Error {}

export interface DynamoLocal {
  endpoint: string;
  stop(): Promise<void>;
}

function emulatorDir(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('amplify-dynamodb-simulator/package.json');
  return join(dirname(pkg), 'emulator');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('kein freier Port'))));
    });
  });
}

async function waitReady(endpoint: string, proc: ChildProcess, timeoutMs: number): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'eu-central-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      if (proc.exitCode !== null) throw new StartupError(`DynamoDB Local hat sich sofort beendet (Exit-Code ${proc.exitCode}). Ist Java 17 oder neuer installiert?`);
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 150));
      }
    }
    throw new StartupError(`DynamoDB Local antwortet nicht nach ${timeoutMs / 1000} s auf ${endpoint}.`);
  } finally {
    client.destroy();
  }
}

/**
 * Starts the official DynamoDB emulator (the jar inside amplify-dynamodb-simulator) as a child
 * process: in memory for tests, or persisted under `dbPath` for `npm start`.
 */
export async function startDynamoLocal(o: { dbPath?: string; port?: number } = {}): Promise<DynamoLocal> {
  const dir = emulatorDir();
  if (!existsSync(join(dir, 'DynamoDBLocal.jar'))) {
    throw new StartupError('DynamoDB Local fehlt (node_modules/amplify-dynamodb-simulator/emulator). Bitte "npm install" ausführen.');
  }
  const port = o.port ?? (await freePort());
  const args = [
    `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
    '-jar', join(dir, 'DynamoDBLocal.jar'),
    '-port', String(port),
    '-disableTelemetry',
    ...(o.dbPath ? ['-dbPath', o.dbPath] : ['-inMemory']),
  ];
  const proc = spawn('java', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => { stderr += d.toString(); });
  const spawnError = new Promise<never>((_, reject) => {
    proc.once('error', (err: NodeJS.ErrnoException) => {
      reject(err.code === 'ENOENT'
        ? new StartupError('Java wurde nicht gefunden. DynamoDB Local braucht Java 17 oder neuer (Debian: apt-get install -y openjdk-17-jre-headless).')
        : new StartupError(`DynamoDB Local konnte nicht starten: ${err.message}`));
    });
  });
  // The emulator must not outlive us, even when we end without calling stop().
  const killOnExit = () => proc.kill('SIGKILL');
  process.once('exit', killOnExit);
  proc.once('exit', () => process.off('exit', killOnExit));
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await Promise.race([waitReady(endpoint, proc, 30_000), spawnError]);
  } catch (err) {
    proc.kill('SIGKILL');
    if (err instanceof StartupError && stderr.trim()) throw new StartupError(`${err.message} ${stderr.trim().split('\n').slice(-1)[0]}`);
    throw err;
  }
  return {
    endpoint,
    stop: () => new Promise<void>((resolve) => {
      if (proc.exitCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
      setTimeout(() => proc.kill('SIGKILL'), 3000).unref();
    }),
  };
}
