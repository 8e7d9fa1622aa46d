// A server for an HTTP bench, in a process of its own (its own event loop and core), so the
// client's work does not slow the server's. Started by worker-server.ts with fork (IPC messages).
//   kind 'hello' | 'durable': the raw baselines (bench/baselines/http-servers.ts)
//   kind 'project': the real server (buildApp) on a fresh database with `members` funded members,
//   the sandbox provider's wallet secret (seamless bets) and `fixtures` open football fixtures
//   (their 1X2 home selections, for sportsbook singles)
import { centavos } from '@casino/shared/money';
import { buildApp } from '../../apps/server/src/app.ts';
import { cash, house } from '../../apps/server/src/platform/ledger/ledger.service.ts';
import { transfer } from '../../apps/server/src/platform/ledger/transfer.ts';
import { createFixture, selectionOf } from '../../apps/server/src/features/sports/bets/test-fixtures.ts';
import { createTestApp, registerMember } from '../../apps/server/src/test/test-app.ts';
import { startDurable, startHello } from '../baselines/http-servers.ts';
import { StatementCounter } from './measure.ts';

const { kind, db, members, fixtures, env } = JSON.parse(process.env.BENCH_SERVER ?? '{}') as {
  kind: string;
  db: 'sqlite' | 'postgres';
  members: number;
  fixtures: number;
  env?: Record<string, string>;
};
const port = {
  postMessage: (m: unknown) => process.send?.(m),
  on: (event: 'message', listener: (m: unknown) => void) => process.on(event, listener),
};

if (kind === 'hello' || kind === 'durable') {
  const server = kind === 'hello' ? await startHello() : await startDurable();
  port.on('message', async (m) => {
    if (m === 'close') {
      await server.close();
      port.postMessage({ closed: true });
      process.exit(0);
    }
  });
  port.postMessage({ port: server.port });
} else {
  process.env.TEST_DB = db;
  const counter = new StatementCounter();
  const t = await createTestApp({ SHARED_ROUNDS: 'off', ...env }, { onStatement: counter.hook });
  const server = await buildApp(t.ctx, { serveSites: false });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const players = await Promise.all(Array.from({ length: members }, () => registerMember(t.app)));
  for (const p of players) {
    await transfer(t.ctx.db, {
      key: `bench:fund:${p.id}`,
      code: 'deposit',
      lines: [
        { account: house('psp_clearing'), amountCentavos: centavos(-100_000_000) },
        { account: cash(p.id), amountCentavos: centavos(100_000_000) },
      ],
    });
  }
  const provider = await t.ctx.db
    .selectFrom('game_providers')
    .select('wallet_secret')
    .where('plat_type', '=', 'sandbox')
    .executeTakeFirst();
  const selections: number[] = [];
  for (let i = 0; i < fixtures; i += 1) selections.push(selectionOf(await createFixture(t.ctx.db), '1x2', 'home'));
  port.on('message', async (m) => {
    if (m === 'count') counter.start();
    else if (m === 'stop') port.postMessage({ statements: counter.stop(), kinds: counter.kinds, seen: counter.seen });
    else if (m === 'close') {
      await server.close();
      await t.close();
      port.postMessage({ closed: true });
      process.exit(0);
    }
  });
  port.postMessage({
    port: (server.server.address() as { port: number }).port,
    tokens: players.map((p) => p.token),
    ids: players.map((p) => p.id),
    walletSecret: provider?.wallet_secret ?? '',
    selections,
  });
}
