// Raw baselines for bets over HTTP, each a server as plain as possible:
// - hello: Fastify answering a POST with a small JSON body (the ceiling of any endpoint);
// - durable: Fastify where each request runs one durable SQLite transaction (WAL, synchronous=FULL)
//   writing one row: what one commit per request allows.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';

export async function startHello(): Promise<{ port: number; close(): Promise<void> }> {
  const app = Fastify();
  app.post('/bet', async () => ({ data: { ok: true, balance: '100.00' } }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as { port: number }).port, close: () => app.close() };
}

export async function startDurable(): Promise<{ port: number; close(): Promise<void> }> {
  const db = new SQLite(join(mkdtempSync(join(tmpdir(), 'baseline-http-')), 'b.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('create table bets (id integer primary key autoincrement, member integer not null, amount integer not null, at text not null)');
  const insert = db.prepare('insert into bets (member, amount, at) values (?, ?, ?)');
  const commit = db.transaction((member: number) => insert.run(member, 100, new Date().toISOString()));
  const app = Fastify();
  app.post('/bet', async () => {
    commit(1);
    return { data: { ok: true, balance: '100.00' } };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as { port: number }).port,
    close: async () => {
      await app.close();
      db.close();
    },
  };
}
