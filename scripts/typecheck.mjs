// `npm run typecheck`: every TypeScript project of the tree, as many at a time as the machine
// has cores (each tsc is single-threaded). Prints each project's errors once it ends; fails if any
// project fails.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const PROJECTS = [
  'packages/shared',
  'packages/shared/tsconfig.test.json',
  'packages/games',
  'packages/games/tsconfig.test.json',
  'apps/server',
  'apps/web',
  'apps/admin',
  'e2e',
];

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npx', ['tsc', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      console.log(`tsc -p ${project}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      if (output) process.stdout.write(output);
      resolve(code === 0);
    });
  });
}

// The largest projects first, so the last one to start is a small one.
const queue = ['apps/server', 'apps/web', 'apps/admin', ...PROJECTS.filter((p) => !p.startsWith('apps/'))];
let failed = false;
await Promise.all(
  Array.from({ length: Math.max(1, Math.min(availableParallelism(), 4)) }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) if (!(await check(project))) failed = true;
  }),
);
process.exit(failed ? 1 : 0);
