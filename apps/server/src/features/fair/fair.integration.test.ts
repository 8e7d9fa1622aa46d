import { hashServerSeed } from '@casino/games/fair';
import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { get, houseTestApp, player, post } from '../house-games/house.test-helpers.ts';

/** Seed pairs: commitment before play, client seeds, rotation and reveal, each member's own only. */

let t: TestApp;
beforeAll(async () => {
  t = await houseTestApp();
});
afterAll(async () => {
  await t.close();
});

const code = (r: { body: unknown }) => (r.body as { error_code?: string }).error_code;

describe('fair seeds', () => {
  it('commits before play, counts nonces and reveals the seed on rotation', async () => {
    const p = await player(t, 10_000);
    const first = await get(t, API.fair.seeds, p.token);
    expect(first.status).toBe(200);
    const active = first.body.data.active;
    expect(active.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(active.nonce).toBe(0);
    expect(JSON.stringify(first.body)).not.toMatch(/"server_seed":/);
    // Looking twice does not change the commitment.
    expect((await get(t, API.fair.seeds, p.token)).body.data.active.server_seed_hash).toBe(active.server_seed_hash);

    for (let i = 0; i < 3; i += 1) await post(t, API.house.dice, { amount: '0.10', target: '50', direction: 'over' }, p.token);
    expect((await get(t, API.fair.seeds, p.token)).body.data.active.nonce).toBe(3);

    const rotated = await post(t, API.fair.rotate, { client_seed: 'minha-sorte_2024' }, p.token);
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.revealed.server_seed_hash).toBe(active.server_seed_hash);
    expect(hashServerSeed(rotated.body.data.revealed.server_seed)).toBe(active.server_seed_hash);
    expect(rotated.body.data.revealed.nonce).toBe(3);
    expect(rotated.body.data.active.client_seed).toBe('minha-sorte_2024');
    expect(rotated.body.data.active.nonce).toBe(0);
    expect(rotated.body.data.active.server_seed_hash).not.toBe(active.server_seed_hash);

    const after = await get(t, API.fair.seeds, p.token);
    expect(after.body.data.history).toHaveLength(1);
    expect(after.body.data.history[0].server_seed).toBe(rotated.body.data.revealed.server_seed);
    const bet = await post(t, API.house.dice, { amount: '0.10', target: '50', direction: 'over' }, p.token);
    expect(bet.body.data.client_seed).toBe('minha-sorte_2024');
    expect(bet.body.data.nonce).toBe(0);
  });

  it('refuses invalid client seeds and visitors', async () => {
    const p = await player(t, 0);
    const before = (await get(t, API.fair.seeds, p.token)).body.data.active;
    for (const client_seed of ['', 'com espaço', 'x'.repeat(65), 'ação', 'a;b', 42]) {
      const r = await post(t, `${API.fair.rotate}?lang=en`, { client_seed }, p.token);
      expect(r.status, String(client_seed)).toBe(422);
      expect(r.body.message).toBe('The client seed must have 1 to 64 letters, digits, dashes or underscores.');
    }
    // Nothing was rotated by a refused request.
    const now = await get(t, API.fair.seeds, p.token);
    expect(now.body.data.active.server_seed_hash).toBe(before.server_seed_hash);
    expect(now.body.data.history).toEqual([]);

    const visitor = await get(t, API.fair.seeds);
    expect(visitor.status).toBe(401);
    expect(code(visitor)).toBe('NOT_LOGGED_IN');
    expect((await post(t, API.fair.rotate, {})).status).toBe(401);
  });

  it('shows each member only its own pairs', async () => {
    const a = await player(t, 1_000);
    const b = await player(t, 1_000);
    await post(t, API.house.dice, { amount: '0.10', target: '50', direction: 'over' }, a.token);
    await post(t, API.fair.rotate, {}, a.token);
    const seedsA = (await get(t, API.fair.seeds, a.token)).body.data;
    const seedsB = (await get(t, API.fair.seeds, b.token)).body.data;
    expect(seedsA.history).toHaveLength(1);
    expect(seedsB.history).toEqual([]);
    expect(seedsB.active.server_seed_hash).not.toBe(seedsA.active.server_seed_hash);
  });

  it('two first bets at once share one new pair with different nonces', async () => {
    const p = await player(t, 1_000);
    const [x, y] = await Promise.all([
      post(t, API.house.dice, { amount: '0.10', target: '50', direction: 'over' }, p.token),
      post(t, API.house.dice, { amount: '0.10', target: '50', direction: 'over' }, p.token),
    ]);
    expect(x.status).toBe(200);
    expect(y.status).toBe(200);
    expect(x.body.data.server_seed_hash).toBe(y.body.data.server_seed_hash);
    expect([x.body.data.nonce, y.body.data.nonce].sort()).toEqual([0, 1]);
    const pairs = await t.ctx.db.selectFrom('fair_seeds').select('id').where('member_id', '=', p.id).execute();
    expect(pairs).toHaveLength(1);
  });

  it('the database refuses a second active pair for a member, and keeps any number of retired ones', async () => {
    const p = await player(t, 1_000);
    expect((await post(t, API.house.dice, { amount: '0.10', target: '50', direction: 'over' }, p.token)).status).toBe(200);
    const pair = {
      member_id: p.id,
      server_seed: 'a'.repeat(64),
      server_seed_hash: 'b'.repeat(64),
      client_seed: 'c',
      nonce: 0,
      created_at: new Date().toISOString(),
    };
    await expect(
      t.ctx.db
        .insertInto('fair_seeds')
        .values({ ...pair, active: 1 })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
    await t.ctx.db
      .insertInto('fair_seeds')
      .values([
        { ...pair, active: 0 },
        { ...pair, active: 0 },
      ])
      .execute();
    const pairs = await t.ctx.db.selectFrom('fair_seeds').select('active').where('member_id', '=', p.id).execute();
    expect(pairs.map((r) => r.active).sort()).toEqual([0, 0, 1]);
  });
});
