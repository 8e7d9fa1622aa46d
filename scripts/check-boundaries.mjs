// Import boundaries the linter alone cannot express (STYLE.md rule 2):
// - packages/shared and packages/games are pure: no Node, DOM, React or server imports;
// - in apps/web and apps/admin, one feature never imports another feature's internals.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|tsx)$/.test(name)) yield path;
  }
}

const problems = [];
for (const pkg of ['packages/shared/src', 'packages/games/src']) {
  for (const file of files(join(ROOT, pkg))) {
    if (file.endsWith('.test.ts')) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (/^(node:|fs$|path$|crypto$|react|fastify|kysely|@casino\/server)/.test(spec)) {
        problems.push(`${relative(ROOT, file)}: pure package imports "${spec}"`);
      }
    }
  }
}
for (const app of ['apps/web/src', 'apps/admin/src']) {
  const featuresDir = join(ROOT, app, 'features');
  let features = [];
  try {
    features = readdirSync(featuresDir);
  } catch {
    continue;
  }
  for (const feature of features) {
    for (const file of files(join(featuresDir, feature))) {
      for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const spec = m[1] ?? m[2];
        const other =
          /(?:^|\/)features\/([^/]+)/.exec(spec)?.[1] ??
          (/^\.\.\/([^./][^/]*)\//.exec(spec)?.[1] && join(file, '..', spec).split(sep).includes('features')
            ? join(file, '..', spec).split(`features${sep}`)[1]?.split(sep)[0]
            : undefined);
        if (other && other !== feature) problems.push(`${relative(ROOT, file)}: feature "${feature}" imports feature "${other}"`);
      }
    }
  }
}
if (problems.length > 0) {
  console.error(`Import boundaries broken:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('import boundaries ok');
