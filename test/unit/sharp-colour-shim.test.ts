import { describe, expect, test } from 'vitest';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';

// The bundles give sharp a stand-in for its colour parser (infra/shims/colour-for-sharp.cjs): for
// every value it must answer what @img/colour answers, since sharp turns those into the pixels of
// backgrounds, flattening and canvases.
const require = createRequire(import.meta.url);
const shimPath = require.resolve('../../infra/shims/colour-for-sharp.cjs');
interface Parsed { red(): number; green(): number; blue(): number; alpha(): number }
const shim = require(shimPath) as (v: unknown) => Parsed;
// The package as sharp gets it from npm.
const colour = createRequire(require.resolve('sharp'))('@img/colour') as (v: unknown) => Parsed;

const answer = (parse: (v: unknown) => Parsed, v: unknown) => {
  try {
    const c = parse(v);
    return [c.red(), c.green(), c.blue(), c.alpha()];
  } catch (err) {
    return `Fehler: ${(err as Error).message}`;
  }
};

/** A deterministic spread of values: no test run differs from another. */
function* values(): Generator<unknown> {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const hex = (n: number) => Math.floor(n).toString(16).padStart(2, '0');
  for (let i = 0; i < 300; i++) {
    const [r, g, b] = [next() * 256, next() * 256, next() * 256];
    const six = `#${hex(r)}${hex(g)}${hex(b)}`;
    yield six;
    yield six.toUpperCase();
    yield `#${hex(r)[0]}${hex(g)[0]}${hex(b)[0]}`;
    yield { r: Math.floor(r), g: Math.floor(g), b: Math.floor(b) };
    yield { r: Math.floor(r), g: Math.floor(g), b: Math.floor(b), alpha: next() };
    // What the pipeline's own arithmetic might hand over: fractions and values out of range.
    yield { r: r * 1.3 - 20, g, b: b - 300, alpha: next() * 1.6 - 0.3 };
  }
  // What the stand-in leaves to the package: names, functions, other notations and models.
  yield* ['#ffffff', '#000', 'white', 'transparent', 'rgba(10, 20, 30, 0.5)', 'rgb(1,2,3)', 'hsl(120, 50%, 50%)', '#12345678', '#1234', ' #123456', '#12345g', 'nonsense'];
  yield* [{ r: 1, g: 2, b: 3, alpha: '0.5' }, { r: NaN, g: 2, b: 3 }, { r: 1, g: 2, b: 3, a: 1 }, { h: 10, s: 20, l: 30 }, { r: 1, g: 2 }, Object.assign(Object.create(null), { r: 1, g: 2, b: 3 })];
}

describe('colour stand-in for the bundled sharp', () => {
  test('red, green, blue and alpha are the package\'s for every value, common or not', () => {
    let count = 0;
    for (const v of values()) {
      expect(answer(shim, v), JSON.stringify(v)).toEqual(answer(colour, v));
      count++;
    }
    expect(count).toBe(1818);
  });

  test('the pipeline\'s own colours are answered without loading the package; anything else loads it', () => {
    const probe = (value: string) => execFileSync(process.execPath, ['-e', `
      const shim = require(${JSON.stringify(shimPath)});
      const c = shim(${value});
      const loaded = Object.keys(require.cache).some((k) => k.includes('@img/colour') || k.includes('color.cjs'));
      process.stdout.write(JSON.stringify({ rgba: [c.red(), c.green(), c.blue(), c.alpha()], loaded }));
    `], { encoding: 'utf8', cwd: require.resolve('sharp').replace(/node_modules.*$/, '') });
    expect(JSON.parse(probe(`'#ffffff'`))).toEqual({ rgba: [255, 255, 255, 1], loaded: false });
    expect(JSON.parse(probe(`{ r: 250, g: 250, b: 250, alpha: 1 }`))).toEqual({ rgba: [250, 250, 250, 1], loaded: false });
    expect(JSON.parse(probe(`'white'`))).toEqual({ rgba: [255, 255, 255, 1], loaded: true });
  });
});
