#!/usr/bin/env node
/**
 * First-load JavaScript budget of the player site (DESIGN.md section 9). Run after `vite build`:
 * reads apps/web/dist/index.html and the Vite manifest, gzips what the home route needs before it
 * can render (the entry script, every modulepreload'ed chunk, the home route's lazy chunk with its
 * static imports, and the default language's first-paint catalogue), prints a table and fails above budget.
 *
 * Usage: node scripts/bundle-size.mjs [--budget-kb 130]
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'apps/web/dist');
const HOME_ROUTE = 'src/features/home/home-page.tsx';
const DEFAULT_LANGUAGE = 'pt';
const budgetFlag = process.argv.indexOf('--budget-kb');
const BUDGET_KB = budgetFlag > 0 ? Number(process.argv[budgetFlag + 1]) : 130;

function fail(message) {
  console.error(`bundle-size: ${message}`);
  process.exit(1);
}

const htmlPath = join(DIST, 'index.html');
const manifestPath = join(DIST, '.vite/manifest.json');
if (!existsSync(htmlPath)) fail(`${htmlPath} is missing: run "npm --workspace @casino/web run build" first`);
if (!existsSync(manifestPath)) fail(`${manifestPath} is missing: the web build must set build.manifest`);

const html = readFileSync(htmlPath, 'utf8');
/** @type {Record<string, {file: string, imports?: string[], isEntry?: boolean, src?: string}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** file (relative to dist) -> why it is counted */
const counted = new Map();
const add = (file, reason) => {
  const clean = file.replace(/^\//, '');
  if (!counted.has(clean)) counted.set(clean, reason);
};

for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) add(match[1], 'entry');
for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) add(match[1], 'modulepreload');
if (counted.size === 0) fail('no entry script found in index.html');

function addWithImports(key, reason) {
  const chunk = manifest[key];
  if (!chunk) return false;
  add(chunk.file, reason);
  for (const imported of chunk.imports ?? []) addWithImports(imported, `${reason} (import)`);
  return true;
}

// The entry's static imports are preloaded by the browser even when not listed in the HTML.
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (entryKey) addWithImports(entryKey, 'entry');
if (!addWithImports(HOME_ROUTE, 'home route')) fail(`${HOME_ROUTE} not found in the Vite manifest`);

// The active language's catalogue is loaded before the first render: web.json as the home page
// needs it (apps/web/vite.config.ts leaves its deferred sections out). `web.json?deferred` and the
// form messages (validation.json) come after the first paint (lib/i18n.ts, loadDeferredCatalogues).
for (const key of Object.keys(manifest)) {
  if (key.endsWith(`/locales/${DEFAULT_LANGUAGE}/web.json`)) addWithImports(key, `catalogue (${DEFAULT_LANGUAGE})`);
}

const rows = [...counted].map(([file, reason]) => {
  const path = join(DIST, file);
  if (!existsSync(path)) fail(`${file} is referenced but missing from dist`);
  const raw = readFileSync(path);
  return { file, reason, rawKb: raw.length / 1024, gzipKb: gzipSync(raw, { level: 9 }).length / 1024 };
});

const totalGzip = rows.reduce((sum, row) => sum + row.gzipKb, 0);
const totalRaw = rows.reduce((sum, row) => sum + row.rawKb, 0);
const width = Math.max(...rows.map((row) => row.file.length), 5);
const pad = (text, n) => String(text).padEnd(n);
const num = (value) => value.toFixed(2).padStart(9);

console.log(`\nFirst-load JavaScript of the player site (home route), gzip level 9\n`);
console.log(`${pad('chunk', width)}  ${'raw KB'.padStart(9)}  ${'gzip KB'.padStart(9)}  counted as`);
for (const row of rows.sort((a, b) => b.gzipKb - a.gzipKb)) {
  console.log(`${pad(row.file, width)}  ${num(row.rawKb)}  ${num(row.gzipKb)}  ${row.reason}`);
}
console.log(`${'-'.repeat(width)}  ${'-'.repeat(9)}  ${'-'.repeat(9)}`);
console.log(`${pad('total', width)}  ${num(totalRaw)}  ${num(totalGzip)}  budget ${BUDGET_KB} KB`);

if (totalGzip > BUDGET_KB) {
  console.error(`\nbundle-size: ${totalGzip.toFixed(2)} KB gzip is over the ${BUDGET_KB} KB budget`);
  process.exit(1);
}
console.log(`\nbundle-size: OK (${totalGzip.toFixed(2)} KB of ${BUDGET_KB} KB)`);
