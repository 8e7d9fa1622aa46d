// npm run bench: every benchmark under bench/, one after another, figures printed.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '..', 'bench');
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort()) {
  console.log(`\n# ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file)], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
