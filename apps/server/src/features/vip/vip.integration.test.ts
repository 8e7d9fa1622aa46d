import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMember } from '../../test/promotions-helpers.ts';
import { adminToken, bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { fund } from '../withdrawals/withdrawals.test-helpers.ts';
import { refreshVip, seedVipLevels } from './vip.service.ts';
import { balanceOf, expectLedgerSound, memberRow, playTurnover } from './vip.test-helpers.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
const adminCall = (method: 'GET' | 'PATCH', url: string, payload?: unknown, token = admin) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

async function levelupCredits(memberId: number) {
  return t.ctx.db
    .selectFrom('bonus_credits')
    .select(['claim_key', 'amount_centavos', 'wagering_centavos'])
    .where('member_id', '=', memberId)
    .where('source', '=', 'vip_levelup')
    .orderBy('claim_key')
    .execute();
}

async function operatorToken(role: string): Promise<string> {
  const username = `vip.${role}.${Date.now() % 100_000}`;
  const created = await t.app.inject({
    method: 'POST',
    url: API.admin.operators,
    headers: bearer(admin),
    payload: { username, password: 'operator-Secret-1', role },
  });
  expect(created.statusCode).toBe(200);
  const login = await t.app.inject({ method: 'POST', url: API.admin.login, payload: { username, password: 'operator-Secret-1' } });
  return json(login).data.token;
}

describe('climbing the VIP levels', () => {
  it('needs recharge and betting, pays each level passed once even when ten refreshes race, and never goes down', async () => {
    const m = await registerMember(t.app);
    await fundMember(t, m.token, '500.00');
    expect((await memberRow(t, m.id)).level).toBe(0); // recharge alone is not enough
    await playTurnover(t, m.id, 'arcade', 500_000); // R$ 5.000 of bets, each stake won back

    const raised = await Promise.all(Array.from({ length: 10 }, () => refreshVip(t.ctx, m.id)));
    expect(raised.filter(Boolean)).toHaveLength(1);

    const member = await memberRow(t, m.id);
    expect({ level: member.level, slot: member.slot_level, live: member.live_level }).toEqual({ level: 2, slot: 0, live: 0 });
    expect(await levelupCredits(m.id)).toEqual([
      { claim_key: `vip_levelup:${m.id}:1`, amount_centavos: 500, wagering_centavos: 500 },
      { claim_key: `vip_levelup:${m.id}:2`, amount_centavos: 1_000, wagering_centavos: 1_000 },
    ]);
    expect(await balanceOf(t, m.id, 'cash')).toBe(50_000 + 1_500);
    expect(Number(member.wagering_required_centavos)).toBe(1_500);
    const notifications = await t.ctx.db.selectFrom('notifications').select('params_json').where('member_id', '=', m.id).execute();
    expect(notifications.map((n) => JSON.parse(n.params_json ?? '{}'))).toEqual([
      { source: 'vip_levelup', amount: '5.00' },
      { source: 'vip_levelup', amount: '10.00' },
    ]);

    const history = json(await post(`${API.vipHistory}?lang=en`, {}, m.token));
    expect(history.data).toMatchObject({ total: 1, page: 1, page_size: 20 });
    expect(history.data.list[0]).toMatchObject({ track: 'level', from_level: 0, to_level: 2, reward: '15.00' });

    // Nothing more to do: a later refresh pays nothing, and a level stays when an operator raises thresholds.
    expect(await refreshVip(t.ctx, m.id)).toBe(false);
    await t.ctx.db.updateTable('vip_levels').set({ min_bet_centavos: 900_000 }).where('level', '=', 2).execute();
    expect(await refreshVip(t.ctx, m.id)).toBe(false);
    expect((await memberRow(t, m.id)).level).toBe(2);
    await t.ctx.db.updateTable('vip_levels').set({ min_bet_centavos: 500_000 }).where('level', '=', 2).execute();
    expect(await levelupCredits(m.id)).toHaveLength(2);
    await expectLedgerSound(t);
  });

  it('moves slot and live levels by their own bets, with history and no reward', async () => {
    const m = await registerMember(t.app);
    await fund(t, m.id, 50_000);
    await playTurnover(t, m.id, 'slots', 50_000); // VIP1 slot threshold: R$ 500
    await playTurnover(t, m.id, 'live', 250_000); // VIP2 live threshold: R$ 2.500

    const me = json(await post(API.me, {}, m.token)).data;
    expect({ level: me.level, slot: me.slot_level, live: me.live_level }).toEqual({ level: 0, slot: 1, live: 2 });
    expect(me.money).toBe('500.00');
    const rows = await t.ctx.db
      .selectFrom('vip_history')
      .select(['track', 'from_level', 'to_level', 'reward_centavos'])
      .where('member_id', '=', m.id)
      .orderBy('track')
      .execute();
    expect(rows).toEqual([
      { track: 'live', from_level: 0, to_level: 2, reward_centavos: 0 },
      { track: 'slot', from_level: 0, to_level: 1, reward_centavos: 0 },
    ]);
    expect(await levelupCredits(m.id)).toEqual([]);
  });

  it('raises the level as soon as the deposit that completes the figures is credited', async () => {
    const m = await registerMember(t.app);
    await fund(t, m.id, 10_000);
    await playTurnover(t, m.id, 'crash', 100_000, 10_000);
    expect((await memberRow(t, m.id)).level).toBe(0);
    await fundMember(t, m.token, '100.00');
    expect((await memberRow(t, m.id)).level).toBe(1);
    expect(await balanceOf(t, m.id, 'cash')).toBe(10_000 + 10_000 + 500);
  });

  it('answers the VIP page: levels, lifetime figures, progress bars and the table with rebate rates', async () => {
    const m = await registerMember(t.app);
    await fundMember(t, m.token, '150.00');
    await playTurnover(t, m.id, 'slots', 150_000, 15_000);
    const response = await post(`${API.vipInfo}?lang=en`, {}, m.token);
    expect(response.statusCode).toBe(200);
    const info = json(response).data;
    expect(info.uservip).toMatchObject({
      userviplvl: 1,
      level_name: 'VIP1',
      totalrecharge: '150.00',
      totalbetting: '1500.00',
      slot_level: 1,
      live_level: 0,
      total_slot_betting: '1500.00',
      total_live_betting: '0.00',
      progress: { next_level: 2, recharge_needed: '350.00', betting_needed: '3500.00', recharge_percent: 30, betting_percent: 30 },
      slot_progress: { next_level: 2, recharge_needed: '0.00', betting_needed: '1000.00', recharge_percent: 100, betting_percent: 60 },
      live_progress: { next_level: 1, betting_needed: '500.00', betting_percent: 0 },
    });
    expect(info.data).toHaveLength(11);
    expect(info.data[1]).toMatchObject({ level: 1, name: 'VIP1', min_recharge: '100.00', min_betting: '1000.00', levelup_reward: '5.00' });
    expect(info.data[0].rebate_bp).toMatchObject({ slots: 30, live: 20, sports: 20 });
    expect(info.data[10]).toMatchObject({ min_recharge: '1000000.00', min_betting: '10000000.00', levelup_reward: '8888.00' });
    expect(info.data[10].rebate_bp.slots).toBe(120);
  });

  it('asks visitors to log in and refuses stray fields', async () => {
    for (const url of [API.vipInfo, API.vipHistory]) {
      const response = await post(`${url}?lang=en`, {});
      expect(response.statusCode).toBe(401);
      expect(json(response).message).toBe('Currently not logged in, please log in first');
    }
    const m = await registerMember(t.app);
    expect((await post(API.vipHistory, { page_size: 1000 }, m.token)).statusCode).toBe(422);
    expect((await post(API.vipInfo, { member_id: 1 }, m.token)).statusCode).toBe(422);
  });
});

describe('the VIP table in the back office', () => {
  it('lists the seeded table, and seeding again keeps an operator’s edit', async () => {
    const list = json(await adminCall('GET', `${API.admin.vipLevels}?lang=en`));
    expect(list.data).toHaveLength(11);
    expect(list.data[1]).toMatchObject({ level: 1, name: 'VIP1', min_recharge: '100.00', min_betting: '1000.00', levelup_reward: '5.00' });
    await t.ctx.db.updateTable('vip_levels').set({ name: 'Bronze' }).where('level', '=', 9).execute();
    await seedVipLevels(t.ctx.db);
    expect((await t.ctx.db.selectFrom('vip_levels').select('name').where('level', '=', 9).executeTakeFirstOrThrow()).name).toBe('Bronze');
    await t.ctx.db.updateTable('vip_levels').set({ name: 'VIP9' }).where('level', '=', 9).execute();
  });

  it('edits a level in reais, audited, and refuses a table that stops climbing', async () => {
    const saved = await adminCall('PATCH', `${API.admin.vipLevel(9)}?lang=en`, { levelup_reward: '4000.50', min_slot_betting: 2_600_000 });
    expect(saved.statusCode).toBe(200);
    expect(json(saved).message).toBe('VIP level saved');
    expect(json(saved).data).toMatchObject({
      level: 9,
      levelup_reward: '4000.50',
      min_slot_betting: '2600000.00',
      min_recharge: '500000.00',
    });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'vip_level.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.target_id).toBe('9');
    expect(JSON.parse(audit.before_json ?? '{}')).toMatchObject({ levelup_reward: '3888.00', min_slot_betting: '2500000.00' });
    expect(JSON.parse(audit.after_json ?? '{}')).toMatchObject({ levelup_reward: '4000.50', min_slot_betting: '2600000.00' });

    const below = await adminCall('PATCH', `${API.admin.vipLevel(9)}?lang=en`, { min_recharge: '100' });
    expect(below.statusCode).toBe(422);
    expect(json(below).errors).toEqual({
      min_recharge: ['Each level must ask at least as much as the level below it and at most as much as the level above it'],
    });
    const zero = await adminCall('PATCH', `${API.admin.vipLevel(0)}?lang=en`, { min_betting: '1' });
    expect(json(zero).errors).toEqual({ min_betting: ['VIP0 is the starting level: its requirements stay at zero'] });
    for (const bad of [{ levelup_reward: '-1' }, { min_recharge: '1.234' }, { name: '' }, { level: 3 }]) {
      expect((await adminCall('PATCH', API.admin.vipLevel(9), bad)).statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect((await adminCall('PATCH', API.admin.vipLevel(11), { name: 'X' })).statusCode).toBe(422);
    expect((await adminCall('PATCH', API.admin.vipLevel('abc'), { name: 'X' })).statusCode).toBe(422);
    const unchanged = json(await adminCall('GET', API.admin.vipLevels)).data[9];
    expect(unchanged).toMatchObject({ min_recharge: '500000.00', levelup_reward: '4000.50' });
  });

  it('lets support read the table but not change it, and keeps other roles out', async () => {
    const support = await operatorToken('support');
    expect((await adminCall('GET', API.admin.vipLevels, undefined, support)).statusCode).toBe(200);
    expect((await adminCall('PATCH', API.admin.vipLevel(1), { name: 'X' }, support)).statusCode).toBe(403);
    const risk = await operatorToken('risk');
    expect((await adminCall('GET', API.admin.vipLevels, undefined, risk)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: API.admin.vipLevels })).statusCode).toBe(401);
    const m = await registerMember(t.app);
    expect((await adminCall('GET', API.admin.vipLevels, undefined, m.token)).statusCode).toBe(401);
    expect((await t.ctx.db.selectFrom('vip_levels').select('name').where('level', '=', 1).executeTakeFirstOrThrow()).name).toBe('VIP1');
  });
});
