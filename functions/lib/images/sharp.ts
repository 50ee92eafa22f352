import type sharpFactory from 'sharp';

// sharp (libvips) is loaded on first use, not when a bundle starts: the upload area also serves
// the public image GETs, whose cold start should not pay for loading libvips (~20 MB of native
// code). Its JavaScript is bundled into a chunk of its own; the addon and libvips come from the
// function's node_modules (infra/native-modules.ts).

type SharpFactory = typeof sharpFactory;

let loaded: Promise<SharpFactory> | undefined;

export function loadSharp(): Promise<SharpFactory> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // Every image is read once: libvips' operation cache would only hold memory between requests.
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}
