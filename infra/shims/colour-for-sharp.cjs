// sharp's colour parser in the Lambda bundles (infra/sharp-bundling.ts resolves sharp's
// `@img/colour` to this file). The package (the `color` module with color-convert and
// color-string) builds its conversion tables when it loads: ~3 ms of every image route's cold
// start, for the few background colours our pipeline gives sharp (`#rrggbb`, `#rgb`, and
// `{ r, g, b, alpha }`). Those are answered here exactly as the package answers them; any other
// value goes to the package itself, loaded on that first use. sharp asks only red, green, blue and
// alpha (sharp/dist/colour.mjs); test/unit/sharp-colour-shim.test.ts compares both.
'use strict';

let pkg;
const full = (value) => (pkg ??= require('@img/colour'))(value);

// The package's limiters: rgb channels within 0..255, alpha within 0..1 (the same expressions, so
// NaN and fractions come out alike).
const channel = (v) => Math.max(0, Math.min(255, v));
const unit = (v) => Math.max(0, Math.min(1, v));

function parsed(r, g, b, alpha) {
  return { red: () => channel(r), green: () => channel(g), blue: () => channel(b), alpha: () => unit(alpha) };
}

const HEX6 = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;
const HEX3 = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i;

function isPlainRgb(value) {
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return false;
  const keys = Object.keys(value).sort().join(',');
  if (keys !== 'b,g,r' && keys !== 'alpha,b,g,r') return false;
  return ['r', 'g', 'b', 'alpha'].every((k) => !(k in value) || typeof value[k] === 'number');
}

module.exports = function colour(value) {
  if (typeof value === 'string') {
    const six = HEX6.exec(value);
    if (six) return parsed(parseInt(six[1], 16), parseInt(six[2], 16), parseInt(six[3], 16), 1);
    const three = HEX3.exec(value);
    if (three) return parsed(...three.slice(1, 4).map((d) => parseInt(d + d, 16)), 1);
  } else if (isPlainRgb(value)) {
    return parsed(value.r, value.g, value.b, 'alpha' in value ? value.alpha : 1);
  }
  return full(value);
};
