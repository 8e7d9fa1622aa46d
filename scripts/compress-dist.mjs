#!/usr/bin/env node
/**
 * Precompresses a Vite build (issue 13, item 6): writes `<file>.br` (brotli, quality 11) and
 * `<file>.gz` (gzip, level 9) beside every text file of the build (scripts, styles, the HTML
 * shell, SVG, the web manifest). The server's static serving (apps/server/src/lib/static-sites.ts,
 * `preCompressed`) picks the one the browser's Accept-Encoding allows, so nothing is compressed
 * per request. A file whose compressed copy would not be smaller keeps no copy: the server then
 * falls back to the file itself. Images and fonts are already compressed and are skipped.
 *
 * Usage: node scripts/compress-dist.mjs <dist directory>...   (run after `vite build`)
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/i;
/** Below this size the saving is smaller than the headers it adds. */
const MIN_BYTES = 512;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // .vite/ holds the build manifest, read by scripts only.
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: node scripts/compress-dist.mjs <dist directory>...');
  process.exit(2);
}

for (const arg of dirs) {
  const dist = resolve(arg);
  if (!statSync(dist, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`compress-dist: ${dist} is not a directory (run the build first)`);
    process.exit(1);
  }
  let count = 0;
  let rawBytes = 0;
  let brBytes = 0;
  let gzBytes = 0;
  for (const path of files(dist)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const raw = readFileSync(path);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length < raw.length) writeFileSync(`${path}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
    count++;
    rawBytes += raw.length;
    brBytes += Math.min(br.length, raw.length);
    gzBytes += Math.min(gz.length, raw.length);
  }
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `compress-dist: ${relative(process.cwd(), dist) || '.'}: ${count} files, ${kb(rawBytes)} -> br ${kb(brBytes)}, gzip ${kb(gzBytes)}`,
  );
}
