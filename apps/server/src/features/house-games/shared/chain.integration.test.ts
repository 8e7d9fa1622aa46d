import { createHash, createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/database.ts';
import * as m0001 from '../../../db/migrations/0001-foundation.ts';
import * as m0002 from '../../../db/migrations/0002-ledger.ts';
import * as m0003 from '../../../db/migrations/0003-payments.ts';
import * as m0004 from '../../../db/migrations/0004-games.ts';
import * as m0005 from '../../../db/migrations/0005-shared-rounds.ts';
import * as m0011 from '../../../db/migrations/0011-fairness-beacon.ts';
import { createIsolatedDatabase, type TestApp } from '../../../test/test-app.ts';
import { houseTestApp } from '../house.test-helpers.ts';
import type { RandomnessBeacon } from './beacon.ts';
import { ChainCursor } from './chain.ts';
import * as repo from './shared-rounds.repository.ts';

/**
 * The chain lifecycle with the salt from a randomness beacon: a chain is committed (terminating
 * hash and beacon round public, no salt), no round is drawn from it until its beacon round's value
 * is known, and that value is its salt. The schedulers are off; the test drives a cursor with a
 * beacon whose rounds it releases by hand.
 */

/** A beacon whose round values the test hands out: rounds every second from 1,000,000. */
function handBeacon() {
  const waiting = new Map<number, (value: string) => void>();
  const asked: number[] = [];
  const beacon: RandomnessBeacon = {
    name: 'sandbox',
    roundAfter: (timeMs) => 1_000_000 + Math.floor(timeMs / 1000) + 1,
    roundTime: (round) => (round - 1_000_000) * 1000,
    valueOf(round, signal) {
      asked.push(round);
      return new Promise((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason);
        waiting.set(round, resolve);
        signal.addEventListener(
          'abort',
          () => {
            waiting.delete(round);
            reject(signal.reason);
          },
          { once: true },
        );
      });
    },
  };
  const release = async (round: number, value: string) => {
    for (let i = 0; i < 200 && !waiting.has(round); i += 1) await new Promise((r) => setTimeout(r, 10));
    const resolve = waiting.get(round);
    if (!resolve) throw new Error(`nobody asked for round ${round}`);
    waiting.delete(round);
    resolve(value);
  };
  return { beacon, asked, release };
}

const silent = { warn: () => {} };
const value = (n: number) => createHash('sha256').update(`beacon value ${n}`).digest('hex');
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
beforeAll(async () => {
  t = await houseTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('a chain salted by its beacon round', () => {
  it('is committed first, draws no round until its beacon round is out, and takes that value as salt', async () => {
    const { beacon, asked, release } = handBeacon();
    const stop = new AbortController();
    const cursor = new ChainCursor(t.ctx.db, 'crash', 10, beacon, silent);
    const before = Date.now();
    let drawn: Awaited<ReturnType<ChainCursor['next']>> | undefined;
    const next = cursor.next(stop.signal).then((result) => {
      drawn = result;
      return result;
    });

    await later(150);
    expect(drawn).toBeUndefined();
    const [committed] = await repo.publicChains(t.ctx.db, 'crash', 5);
    if (!committed) throw new Error('no chain was committed');
    expect(committed).toMatchObject({ status: 'committed', salt: '', salted_at: null, beacon: 'sandbox', next_index: 0 });
    expect(committed.terminating_hash).toMatch(/^[0-9a-f]{64}$/);
    // Its round is the first after the commitment: nobody knew the value when the hash was published.
    expect(committed.beacon_round).toBe(beacon.roundAfter(Date.parse(committed.created_at)));
    expect(beacon.roundTime(committed.beacon_round as number)).toBeGreaterThan(Date.parse(committed.created_at));
    expect(Date.parse(committed.created_at)).toBeGreaterThanOrEqual(before - 5);
    expect(asked).toEqual([committed.beacon_round]);
    expect(await repo.findActiveChain(t.ctx.db, 'crash')).toBeUndefined();

    await release(committed.beacon_round as number, value(1));
    const first = await next;
    expect(first.chain).toMatchObject({ id: committed.id, status: 'active', salt: value(1) });
    expect(first.index).toBe(0);
    const stored = await repo.findChain(t.ctx.db, committed.id);
    expect(stored?.salted_at).not.toBeNull();
    // Round 0's hash leads to the published terminating hash; its result is HMAC(hash, beacon value).
    expect(createHash('sha256').update(first.hash).digest('hex')).toBe(committed.terminating_hash);
    expect(createHmac('sha256', first.hash).update(value(1)).digest('hex')).toMatch(/^[0-9a-f]{64}$/);

    // The successor is committed as soon as the chain is active, with its own later beacon round.
    await later(50);
    const [successor] = await repo.publicChains(t.ctx.db, 'crash', 1);
    expect(successor).toMatchObject({ status: 'committed', salt: '', salted_at: null });
    expect(successor?.id).toBeGreaterThan(committed.id);
    expect(successor?.beacon_round).toBeGreaterThanOrEqual(committed.beacon_round as number);
    await release(successor?.beacon_round as number, value(2));
    await cursor.settled();
    expect((await repo.findChain(t.ctx.db, successor?.id as number))?.salt).toBe(value(2));

    // The first chain plays out in order, then the successor takes over at once (already salted).
    for (let index = 1; index < 10; index += 1) expect((await cursor.next(stop.signal)).index).toBe(index);
    const eleventh = await cursor.next(stop.signal);
    expect(eleventh.chain).toMatchObject({ id: successor?.id, salt: value(2), status: 'active' });
    expect(eleventh.index).toBe(0);
    expect((await repo.findChain(t.ctx.db, committed.id))?.status).toBe('retired');
    stop.abort();
    await cursor.settled();
  });

  it('stops waiting for a beacon round when the scheduler stops, and a later leader resumes the same commitment', async () => {
    const { beacon, release } = handBeacon();
    const stop = new AbortController();
    const cursor = new ChainCursor(t.ctx.db, 'double', 10, beacon, silent);
    const waiting = cursor.next(stop.signal);
    await later(100);
    stop.abort(new Error('leader stopped'));
    await expect(waiting).rejects.toThrow('leader stopped');
    const [committed] = await repo.publicChains(t.ctx.db, 'double', 1);
    expect(committed).toMatchObject({ status: 'committed', salted_at: null });

    const again = new ChainCursor(t.ctx.db, 'double', 10, beacon, silent);
    const resumed = again.next(new AbortController().signal);
    await release(committed?.beacon_round as number, value(3));
    expect((await resumed).chain).toMatchObject({ id: committed?.id, salt: value(3) });
    expect((await repo.publicChains(t.ctx.db, 'double', 10)).filter((c) => c.id <= (committed?.id ?? 0))).toHaveLength(1);
  });

  it('retires, unplayed, a chain still waiting for the round of another beacon', async () => {
    const { beacon, release } = handBeacon();
    const other = await repo.insertCommittedChain(t.ctx.db, {
      game: 'crash',
      seed: 'b'.repeat(64),
      length: 10,
      terminating_hash: 'c'.repeat(64),
      beacon: 'drand-quicknet',
      beacon_round: 1,
      created_at: new Date().toISOString(),
    });
    // Make it the oldest committed crash chain.
    await t.ctx.db.updateTable('shared_chains').set({ status: 'retired' }).where('game', '=', 'crash').where('id', '<', other.id).execute();
    const stop = new AbortController();
    const cursor = new ChainCursor(t.ctx.db, 'crash', 10, beacon, silent);
    const next = cursor.next(stop.signal);
    await later(100);
    const [fresh] = await repo.publicChains(t.ctx.db, 'crash', 1);
    await release(fresh?.beacon_round as number, value(4));
    expect((await next).chain.id).toBe(fresh?.id);
    expect(await repo.findChain(t.ctx.db, other.id)).toMatchObject({ status: 'retired', next_index: 0, salt: '' });
    stop.abort();
    await cursor.settled();
  });
});

describe('migration 0011', () => {
  it('keeps the chains made before with their operator salt, marked legacy (no beacon) and retired', async () => {
    const isolated = await createIsolatedDatabase();
    const handle = openDatabase({ url: isolated.url });
    const db = handle.db as unknown as Kysely<any>;
    try {
      for (const m of [m0001, m0002, m0003, m0004, m0005]) await m.up(db, handle.dialect);
      const row = { seed: 'd'.repeat(64), salt: 'operator-salt', length: 100, terminating_hash: 'e'.repeat(64) };
      await db
        .insertInto('shared_chains')
        .values([
          { ...row, game: 'crash', next_index: 40, active: 1, created_at: '2025-01-02T03:04:05.000Z' },
          { ...row, game: 'double', next_index: 100, active: 0, created_at: '2025-01-01T00:00:00.000Z' },
        ])
        .execute();
      await m0011.up(db, handle.dialect);
      const chains = await db.selectFrom('shared_chains').selectAll().orderBy('id').execute();
      expect(chains).toEqual([
        expect.objectContaining({
          game: 'crash',
          status: 'retired',
          beacon: null,
          beacon_round: null,
          salt: 'operator-salt',
          next_index: 40,
        }),
        expect.objectContaining({ game: 'double', status: 'retired', beacon: null, salt: 'operator-salt', next_index: 100 }),
      ]);
      expect(chains.map((c) => new Date(c.salted_at).toISOString())).toEqual(['2025-01-02T03:04:05.000Z', '2025-01-01T00:00:00.000Z']);
      expect(chains[0]).not.toHaveProperty('active');
    } finally {
      await handle.close();
      await isolated.cleanup();
    }
  });
});
