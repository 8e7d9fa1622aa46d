// What every benchmark shares: closed-loop load at a given concurrency, percentiles, and a line
// that prints a figure beside its raw baseline from the same run, with their ratio.
import { cpus } from 'node:os';

export interface Measured {
  ops: number;
  perSecond: number;
  p50: number;
  p99: number;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Runs `total` operations with `concurrency` of them in flight at any time (closed loop). */
export async function load(concurrency: number, total: number, op: (i: number) => Promise<unknown>): Promise<Measured> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        await op(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return summarize(latencies, performance.now() - started);
}

export function summarize(latencies: number[], elapsedMs: number): Measured {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    ops: latencies.length,
    perSecond: (latencies.length / elapsedMs) * 1000,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** One line: the project's figure, the baseline's, their ratio (and the target when there is one). */
export function printRatio(name: string, project: Measured, baseline: Measured, target?: number): void {
  const ratio = project.perSecond / baseline.perSecond;
  const verdict = target === undefined ? '' : ratio >= target ? `  (target ${target}: met)` : `  (target ${target}: NOT met)`;
  console.log(
    `${name.padEnd(46)} ${fmt(project.perSecond).padStart(7)}/s p99 ${project.p99.toFixed(1).padStart(6)} ms | baseline ${fmt(baseline.perSecond).padStart(7)}/s p99 ${baseline.p99.toFixed(1).padStart(6)} ms | ratio ${ratio.toFixed(2)}${verdict}`,
  );
}

export function printFigure(name: string, m: Measured): void {
  console.log(
    `${name.padEnd(46)} ${fmt(m.perSecond).padStart(7)}/s p50 ${m.p50.toFixed(1).padStart(6)} ms p99 ${m.p99.toFixed(1).padStart(6)} ms (${m.ops} ops)`,
  );
}

export function printMachine(): void {
  console.log(`node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}`);
}

/** Statements by what they are for: transaction control, the session lookup, the bet's own work. */
export interface StatementKinds {
  /** begin and commit: shared by a batch of bets on SQLite (group commit). */
  shared: number;
  /** savepoint, release and rollback to: each bet's own unit inside a shared transaction (SQLite). */
  control: number;
  /** Who is asking: the member's session (signed-in requests) or a provider's launch session (seamless). */
  session: number;
  /** Everything else: the bet's own reads and writes, the ledger's included. */
  work: number;
}

/** Counts statements between start() and stop() (fed by the database's onStatement hook). */
export class StatementCounter {
  private counting = false;
  count = 0;
  readonly kinds: StatementKinds = { shared: 0, control: 0, session: 0, work: 0 };
  readonly seen: string[] = [];
  readonly hook = (sql: string) => {
    if (!this.counting) return;
    this.count += 1;
    const text = sql.trimStart();
    // The session lookup of a signed-in request (platform/auth/sessions.repository.ts) names the
    // session's token hash column; a seamless callback's reads its launch session.
    if (/^(begin|commit)\b/i.test(text)) this.kinds.shared += 1;
    else if (/^(savepoint|release|rollback to)\b/i.test(text)) this.kinds.control += 1;
    else if (text.includes('"s_token_hash"') || /^select .* from "game_sessions"/i.test(text)) this.kinds.session += 1;
    else this.kinds.work += 1;
    if (this.seen.length < 40) this.seen.push(sql);
  };
  start() {
    this.count = 0;
    this.kinds.shared = 0;
    this.kinds.control = 0;
    this.kinds.session = 0;
    this.kinds.work = 0;
    this.seen.length = 0;
    this.counting = true;
  }
  stop(): number {
    this.counting = false;
    return this.count;
  }
}
