import { once } from 'node:events';
import { fork } from 'node:child_process';
import type { StatementKinds } from './measure.ts';

export interface BenchServer {
  port: number;
  tokens: string[];
  ids: number[];
  /** The sandbox provider's wallet secret (seamless callbacks are signed with it). */
  walletSecret: string;
  /** A 1X2 home selection of each open fixture the server was started with. */
  selections: number[];
  /** Statements the server ran while `work` ran. */
  countStatements(work: () => Promise<unknown>): Promise<{ statements: number; kinds: StatementKinds; seen: string[] }>;
  close(): Promise<void>;
}

/** Starts a bench server (bench/lib/server-process.ts) in a process of its own and waits until it listens. */
export async function startBenchServer(
  kind: 'hello' | 'durable' | 'project',
  options: { db?: 'sqlite' | 'postgres'; members?: number; fixtures?: number; env?: Record<string, string> } = {},
): Promise<BenchServer> {
  const worker = fork(new URL('./server-process.ts', import.meta.url), {
    env: {
      ...process.env,
      BENCH_SERVER: JSON.stringify({
        kind,
        db: options.db ?? 'sqlite',
        members: options.members ?? 64,
        fixtures: options.fixtures ?? 0,
        env: options.env,
      }),
    },
    // BENCH_CPU_PROF=dir writes a V8 CPU profile of the project server there (open it in Chrome's DevTools).
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PRELOAD ? ['--import', process.env.BENCH_PRELOAD] : []),
      ...(kind === 'project' && process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
  });
  const [ready] = (await once(worker, 'message')) as [
    { port: number; tokens?: string[]; ids?: number[]; walletSecret?: string; selections?: number[] },
  ];
  return {
    port: ready.port,
    tokens: ready.tokens ?? [],
    ids: ready.ids ?? [],
    walletSecret: ready.walletSecret ?? '',
    selections: ready.selections ?? [],
    async countStatements(work) {
      worker.send('count');
      await work();
      worker.send('stop');
      const [answer] = (await once(worker, 'message')) as [{ statements: number; kinds: StatementKinds; seen: string[] }];
      return answer;
    },
    async close() {
      worker.send('close');
      await once(worker, 'exit');
    },
  };
}
