/**
 * npm run rtp: every house game's declared RTP against a simulation of at least 10 million
 * rounds (slots and keno: 100 million, blackjack 40 million) with its 99% confidence interval
 * (z = 2.576, sigma from the sample), then a smaller confirmation through the real HMAC pipeline;
 * then the exact figures of the card, table and keno games recomputed from scratch (rtp-tables.ts:
 * keno's hypergeometric sums, Bac Bo's 6^4 rolls, baccarat's 8-deck enumeration, video poker's
 * optimal play over every deal). Exits non-zero when a declared figure falls outside its interval
 * or differs from its recomputed exact value by 1e-6 or more.
 *
 * The bulk uses fastFloats (sfc32) so it finishes in minutes; both sources yield the same grid of
 * floats (multiples of 2^-32) and feed the same game code. Seeds are fixed, so a run is
 * reproducible; pass --seed=N for another sample, --scale=0.1 for a quick run.
 *
 * Work is cut into tasks handed to one worker thread per core.
 */
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { fastFloats, hashServerSeed, hmacFloats } from '../src/fair.ts';
import { emptySample, interval, mergeSamples, type Sample, STRATEGIES as HOUSE_STRATEGIES, simulate, Z99 } from '../src/rtp-strategies.ts';
import { EXACT_CHECKS, TABLE_STRATEGIES } from '../src/rtp-tables.ts';

const STRATEGIES = [...HOUSE_STRATEGIES, ...TABLE_STRATEGIES];

type Mode = 'fast' | 'hmac';
type Task = { id: number; strategy: number; mode: Mode; from: number; count: number; seed: number };
type Done = { id: number; sample: Sample };

/** Heavy-tailed games (keno's top prizes come once in 10^5 to 10^9 rounds) get 100 million. */
const SLOTS = new Set(['fruit-frenzy', 'carnaval-20', 'keno']);
/** Blackjack's figure is measured, not computed: 40 million rounds put it within +-0.05 pp. */
const LONG = new Set(['blackjack']);
const TASK_ROUNDS = { fast: 2_500_000, hmac: 250_000 };

function runTask(task: Task): Sample {
  const strategy = STRATEGIES[task.strategy];
  if (!strategy) throw new Error(`no strategy ${task.strategy}`);
  if (task.mode === 'fast') {
    const source = fastFloats(task.seed);
    return simulate(strategy, task.from, task.count, () => source);
  }
  // One server seed per task, a nonce per round: the server's own recipe.
  const serverSeed = hashServerSeed(`rtp-${task.seed}`);
  return simulate(strategy, task.from, task.count, (nonce) => hmacFloats({ serverSeed, clientSeed: 'npm-run-rtp', nonce }));
}

function option(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = arg ? Number(arg.slice(name.length + 3)) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

function plan(scale: number, seed: number): Task[] {
  const tasks: Task[] = [];
  STRATEGIES.forEach((strategy, index) => {
    const rounds = {
      fast: Math.round((SLOTS.has(strategy.game) ? 100_000_000 : LONG.has(strategy.game) ? 40_000_000 : 10_000_000) * scale),
      hmac: Math.round(1_000_000 * scale),
    };
    for (const mode of ['fast', 'hmac'] as const) {
      for (let from = 0; from < rounds[mode]; from += TASK_ROUNDS[mode]) {
        const count = Math.min(TASK_ROUNDS[mode], rounds[mode] - from);
        tasks.push({ id: tasks.length, strategy: index, mode, from, count, seed: seed * 1_000_003 + tasks.length });
      }
    }
  });
  return tasks;
}

async function runAll(tasks: Task[], threads: number, onDone: (task: Task, sample: Sample) => void): Promise<void> {
  const tsx = import.meta.resolve('tsx/esm/api');
  // A worker cannot start from a .ts file directly: a tiny bootstrap registers tsx first.
  const bootstrap = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const queue = [...tasks];
  await Promise.all(
    Array.from({ length: threads }, async () => {
      const worker = new Worker(bootstrap, { eval: true });
      try {
        for (let task = queue.shift(); task; task = queue.shift()) {
          const current = task;
          const done = await new Promise<Done>((resolve, reject) => {
            worker.once('message', resolve);
            worker.once('error', reject);
            worker.postMessage(current);
          });
          worker.removeAllListeners('error');
          onDone(current, done.sample);
        }
      } finally {
        await worker.terminate();
      }
    }),
  );
}

const percent = (x: number) => `${(x * 100).toFixed(4)}%`;
const count = (n: number) => n.toLocaleString('en-US');

async function main(): Promise<void> {
  const scale = option('scale', 1);
  const seed = option('seed', 1);
  const threads = Math.max(1, Math.min(availableParallelism(), option('threads', availableParallelism())));
  const tasks = plan(scale, seed);
  const samples = new Map<string, Sample>();
  const totalRounds = tasks.reduce((s, t) => s + t.count, 0);
  let doneRounds = 0;
  const started = performance.now();
  console.log(`RTP check: ${count(totalRounds)} rounds in ${tasks.length} tasks on ${threads} threads (seed ${seed}, scale ${scale})\n`);

  await runAll(tasks, threads, (task, sample) => {
    const key = `${task.strategy}:${task.mode}`;
    samples.set(key, mergeSamples(samples.get(key) ?? emptySample(), sample));
    doneRounds += task.count;
    if (process.stderr.isTTY) process.stderr.write(`\r  ${((doneRounds / totalRounds) * 100).toFixed(1)}% `);
  });
  if (process.stderr.isTTY) process.stderr.write('\r');
  const seconds = (performance.now() - started) / 1000;

  let failures = 0;
  const header = `${'game'.padEnd(14)} ${'source'.padEnd(6)} ${'rounds'.padStart(13)} ${'declared'.padStart(10)} ${'measured'.padStart(10)}   99% interval (z = ${Z99})       sigma   result`;
  console.log(header);
  console.log('-'.repeat(header.length));
  STRATEGIES.forEach((strategy, index) => {
    for (const mode of ['fast', 'hmac'] as const) {
      const sample = samples.get(`${index}:${mode}`);
      if (!sample) continue;
      const { rtp, sigma, low, high } = interval(sample);
      const pass = strategy.declared >= low && strategy.declared <= high;
      if (!pass) failures += 1;
      console.log(
        `${(mode === 'fast' ? strategy.game : '').padEnd(14)} ${mode.padEnd(6)} ${count(sample.rounds).padStart(13)} ${percent(strategy.declared).padStart(10)} ${percent(rtp).padStart(10)}   [${percent(low)}, ${percent(high)}] ${sigma.toFixed(3).padStart(8)}   ${pass ? 'PASS' : 'FAIL'}`,
      );
    }
    console.log(`${''.padEnd(22)}strategy: ${strategy.description}`);
  });
  console.log(
    `\n${count(totalRounds)} rounds in ${seconds.toFixed(1)} s: ${count(Math.round(totalRounds / seconds))} rounds/s on ${threads} threads`,
  );
  if (failures > 0) console.log(`${failures} declared figure(s) outside the measured 99% interval`);
  else console.log('every declared RTP lies inside its 99% interval');

  // The exact figures, recomputed from scratch (video poker's enumeration takes a few seconds).
  console.log(`\n${'game'.padEnd(14)} ${'bet'.padEnd(40)} ${'declared'.padStart(10)} ${'computed'.padStart(12)}   seconds   how`);
  let exactFailures = 0;
  for (const check of EXACT_CHECKS) {
    const t0 = performance.now();
    const computed = check.compute();
    const ok = Math.abs(computed - check.declared) < 1e-6;
    if (!ok) exactFailures += 1;
    console.log(
      `${check.game.padEnd(14)} ${check.what.padEnd(40)} ${percent(check.declared).padStart(10)} ${`${(computed * 100).toFixed(6)}%`.padStart(12)}   ${((performance.now() - t0) / 1000).toFixed(1).padStart(7)}   ${check.how}   ${ok ? 'PASS' : 'FAIL'}`,
    );
  }
  if (failures > 0 || exactFailures > 0) {
    if (exactFailures > 0) console.log(`${exactFailures} exact figure(s) differ from the declared ones`);
    process.exit(1);
  }
  console.log('every exact figure matches its declared value');
}

if (!isMainThread) {
  parentPort?.on('message', (task: Task) => {
    parentPort?.postMessage({ id: task.id, sample: runTask(task) } satisfies Done);
  });
} else {
  await main();
}
