import { logSilenced } from './env.ts';

/** One JSON line per event, so CloudWatch and a terminal both read it. */
type Level = 'info' | 'warn' | 'error';

export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (logSilenced()) return;
  const line = JSON.stringify({ level, message, ...fields, time: new Date().toISOString() });
  if (level === 'error') console.error(line);
  else console.log(line);
}
