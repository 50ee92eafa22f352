import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { nodeTooOld } from '../../functions/local/node-version.mjs';

const engines = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } }).engines.node;

describe('npm start checks the Node version first', () => {
  test('Node 20 gets one line naming the needed version and how to get it', () => {
    const line = nodeTooOld('v20.20.2', engines);
    expect(line).toContain('Node.js 22.18 oder neuer');
    expect(line).toContain('v20.20.2');
    expect(line).toContain('nvm install 24');
    expect(line).not.toContain('\n');
  });

  test('22.17 is too old, 22.18 and 24 are fine', () => {
    expect(nodeTooOld('v22.17.0', engines)).not.toBeNull();
    expect(nodeTooOld('v22.18.0', engines)).toBeNull();
    expect(nodeTooOld('v24.1.0', engines)).toBeNull();
  });

  test('the running Node passes', () => {
    expect(nodeTooOld(process.version, engines)).toBeNull();
  });
});
