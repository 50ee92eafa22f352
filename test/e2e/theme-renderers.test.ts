import { resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { closeBrowser, openPage } from '../helpers/browser.ts';
import { themeNames } from '../../shared/card/themes.ts';

// The themes stay React components (the back office's previews render them with React); the public
// pages run them on preact/compat (product decision). This test renders every theme with both,
// in Chromium, and compares the resulting DOM node by node: tags, attributes, inline styles, text.

const root = resolve(import.meta.dirname, '../..');

/** Every theme of the table rendered with a full sample card, one block per theme. */
const entry = `
import { createRoot } from 'react-dom/client';
import { themeComponent } from './web/src/themes/index.tsx';
import { themeNames } from './shared/card/themes.ts';
import { defaultCardSettings } from './shared/card/defaults.ts';
const person = {
  firstname: 'Jürgen', lastname: 'Weiß', nice: 'Dr.', position: 'Geschäftsführer', firmenname: 'Weiß & Söhne GmbH', url: 'https://weiss.example',
  image: 'foto.png', color: '#1a237e', adresseId: 'a1',
  tel: [{ type: 'work', value: '+49 30 1234567' }, { type: 'cell', value: '0171 2345678' }],
  email: [{ type: 'work1', value: 'jw@weiss.example' }], social: [{ type: 'xing', link: 'https://xing.com/jw' }, { type: 'linkedin', link: 'https://linkedin.com/in/jw' }],
};
const profile = (theme) => ({
  claim: 'Seit 1920', logo: 'logo.png', impressum: 'https://weiss.example/i', datenschutz: 'https://weiss.example/d', umsatzsteuernummer: 'DE1',
  adressen: [{ adresseId: 'a1', straße: 'Hauptstraße 1', plz: '10115', ort: 'Berlin', land: 'Deutschland' }],
  settings: { ...defaultCardSettings, theme },
});
const App = () => themeNames.map((name) => {
  const Theme = themeComponent(name);
  return <section key={name} data-theme-block={name}><Theme person={person} profile={profile(name)} lang="de" cardId="abc" /></section>;
});
createRoot(document.getElementById('root')).render(<App />);
`;

async function bundle(alias: Record<string, string>): Promise<string> {
  const out = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'tsx', sourcefile: 'renderers-entry.tsx' },
    absWorkingDir: root, bundle: true, write: false, format: 'iife', platform: 'browser', jsx: 'automatic',
    alias, define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'error',
  });
  return out.outputFiles[0]!.text;
}

/** Each theme block as a canonical text: element tags, sorted attributes (inline style by declaration), text. */
async function rendered(page: Page, script: string): Promise<Record<string, string>> {
  await page.setContent('<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  await page.addScriptTag({ content: script });
  await page.waitForFunction((n) => document.querySelectorAll('[data-theme-block]').length === n
    && document.querySelectorAll('[data-logo-ready]').length === document.querySelectorAll('.vc-logo').length, themeNames.length);
  return page.evaluate(() => {
    const canon = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent!.trim() ? JSON.stringify(node.textContent) : '';
      if (!(node instanceof Element)) return '';
      const attrs = [...node.attributes].map((a) => {
        if (a.name !== 'style') return `${a.name}=${JSON.stringify(a.value)}`;
        const style = (node as HTMLElement).style;
        return `style={${[...Array(style.length).keys()].map((i) => `${style[i]}:${style.getPropertyValue(style[i]!)}`).sort().join(';')}}`;
      }).sort();
      return `<${node.tagName.toLowerCase()} ${attrs.join(' ')}>${[...node.childNodes].map(canon).join('')}</>`;
    };
    return Object.fromEntries([...document.querySelectorAll('[data-theme-block]')].map((b) => [b.getAttribute('data-theme-block')!, canon(b)]));
  });
}

afterAll(async () => { await closeBrowser(); });

describe('themes under React and under preact/compat', () => {
  test('every theme renders the same DOM with both', async () => {
    const [withReact, withPreact] = await Promise.all([bundle({}), bundle({ react: 'preact/compat', 'react-dom': 'preact/compat', 'react-dom/client': 'preact/compat/client' })]);
    // Really two renderers: the preact bundle carries no react-dom, the React one does.
    expect(withPreact).not.toContain('react-dom');
    expect(withReact.length).toBeGreaterThan(withPreact.length * 2);
    const { page } = await openPage();
    const react = await rendered(page, withReact);
    const preact = await rendered(page, withPreact);
    expect(Object.keys(react)).toEqual(themeNames);
    for (const name of themeNames) {
      expect(react[name]!.length, name).toBeGreaterThan(2000);
      expect(preact[name], name).toBe(react[name]);
    }
  }, 120_000);
});
