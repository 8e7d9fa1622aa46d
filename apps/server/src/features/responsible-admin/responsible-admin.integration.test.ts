import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayRange, saoPauloDay } from '../../lib/sao-paulo.ts';
import { cash, house } from '../../platform/ledger/ledger.service.ts';
import { transfer } from '../../platform/ledger/transfer.ts';
import { adminToken, bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { applyCentralExclusion } from '../central-exclusion/central-exclusion.service.ts';
import { runBalanceReturns } from '../central-exclusion/balance-returns.service.ts';
import { clock } from '../../lib/clock.ts';
import { fund, newCpf } from '../withdrawals/withdrawals.test-helpers.ts';

let t: TestApp;
let admin: string;
const tokens: Record<string, string> = {};

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function operator(role: string): Promise<string> {
  const username = `rg.${role}.${Date.now() % 100_000}`;
  const made = await call('POST', API.admin.operators, admin, { username, password: 'operator-Secret-1', role });
  if (made.statusCode !== 200) throw new Error(made.body);
  return json(await t.app.inject({ method: 'POST', url: API.admin.login, payload: { username, password: 'operator-Secret-1' } })).data
    .token;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  for (const role of ['support', 'marketing', 'finance']) tokens[role] = await operator(role);
});
afterAll(async () => {
  clock.reset();
  await t.close();
});

let seq = 0;
async function creditedDeposit(memberId: number, amountCentavos: number, at: string) {
  seq++;
  const channel = await t.ctx.db.selectFrom('payment_channels').select('id').where('direction', '=', 'deposit').executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto('deposit_orders')
    .values({
      order_no: `RG${Date.now()}${seq}`,
      member_id: memberId,
      channel_id: channel.id,
      amount_centavos: amountCentavos,
      fee_centavos: 0,
      status: 'credited',
      provider: 'sandbox',
      psp_txid: `rgtx${Date.now()}${seq}`,
      br_code: 'x',
      end_to_end_id: null,
      payment_desc: null,
      expires_at: at,
      paid_at: at,
      credited_at: at,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

/** A stake of the member's cash at `at` (the ledger entry moved to that instant). */
async function stake(memberId: number, amountCentavos: number, at: string) {
  seq++;
  const result = await transfer(t.ctx.db, {
    key: `rg:bet:${memberId}:${seq}`,
    code: 'game_bet',
    lines: [
      { account: cash(memberId), amountCentavos: -amountCentavos },
      { account: house('game_house:rgtest'), amountCentavos },
    ],
  } as never);
  if (!result.ok) throw new Error('stake failed');
  await t.ctx.db.updateTable('ledger_entries').set({ created_at: at }).where('transfer_id', '=', result.transferId).execute();
}

const at = (day: string, hours: number) => new Date(Date.parse(dayRange(day).start) + hours * 3_600_000).toISOString();

describe('operator permissions', () => {
  it('reading needs responsible.read, writing responsible.manage', async () => {
    expect((await call('GET', API.admin.responsibleMembers, tokens.marketing!)).statusCode).toBe(403);
    expect((await call('GET', API.admin.balanceReturns, tokens.marketing!)).statusCode).toBe(403);
    expect((await call('GET', API.admin.responsibleMembers, tokens.support!)).statusCode).toBe(200);
    expect((await call('GET', API.admin.centralChecks, tokens.support!)).statusCode).toBe(200);
    const cpf = newCpf();
    expect((await call('POST', API.admin.centralList, tokens.support!, { cpf })).statusCode).toBe(403);
    expect((await call('POST', API.admin.centralList, tokens.finance!, { cpf, note: 'SIGAP sandbox' })).statusCode).toBe(200);
    const again = await call('POST', API.admin.centralList, admin, { cpf });
    expect(again.statusCode).toBe(422);
    expect((await call('POST', API.admin.centralList, admin, { cpf: '123' })).statusCode).toBe(422);
    const listed = json(await call('GET', API.admin.centralList, tokens.support!)).data;
    expect(listed.list.map((e: { cpf: string }) => e.cpf)).toContain(cpf);
    expect((await call('DELETE', API.admin.centralListEntry(cpf), tokens.support!)).statusCode).toBe(403);
    expect((await call('DELETE', API.admin.centralListEntry(cpf), admin)).statusCode).toBe(200);
    expect((await call('DELETE', API.admin.centralListEntry(cpf), admin)).statusCode).toBe(404);
    const audit = await t.ctx.db.selectFrom('audit_log').select('action').where('action', 'like', 'central_list.%').execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['central_list.add', 'central_list.remove']);
  });
});

describe('risk flags', () => {
  it('are computed by the documented rules on seeded data', async () => {
    const flagged = await registerMember(t.app);
    const calm = await registerMember(t.app);
    const today = saoPauloDay(clock.nowIso());
    const [d2, d1] = [addDays(today, -3), addDays(today, -2)];
    const d3 = addDays(today, -1);
    // Rising deposits: 100 < 200 < 300 on three days in a row.
    await creditedDeposit(flagged.id, 10_000, at(d2, 12));
    await creditedDeposit(flagged.id, 20_000, at(d1, 12));
    await creditedDeposit(flagged.id, 30_000, at(d3, 12));
    // The calm member deposits the same each day.
    for (const day of [d2, d1, d3]) await creditedDeposit(calm.id, 10_000, at(day, 12));
    // Limits refused three times over the week.
    await t.ctx.db.insertInto('responsible_usage').values({ member_id: flagged.id, day: d1, limit_hits: 2 }).execute();
    await t.ctx.db.insertInto('responsible_usage').values({ member_id: flagged.id, day: d3, limit_hits: 1 }).execute();
    await t.ctx.db.insertInto('responsible_usage').values({ member_id: calm.id, day: d3, limit_hits: 2 }).execute();
    // A stake at 02:00 São Paulo time, and a loss 10 minutes before the day-3 deposit.
    await fund(t, flagged.id, 50_000);
    await stake(flagged.id, 1_000, at(d2, 2));
    await stake(flagged.id, 5_000, at(d3, 12 - 10 / 60));
    await fund(t, calm.id, 50_000);
    await stake(calm.id, 1_000, at(d3, 7));

    const answer = json(await call('GET', API.admin.responsibleRiskFlags(flagged.id), tokens.support!)).data;
    expect(answer.flags.map((f: { flag: string }) => f.flag)).toEqual([
      'deposits_rising',
      'limit_hits',
      'night_play',
      'deposit_after_loss',
    ]);
    expect(answer.flags[0].detail).toBe(`${d2}: 100.00 < ${d1}: 200.00 < ${d3}: 300.00`);
    expect(answer.flags[1].detail).toBe('3');
    expect(answer.flags[2].detail).toBe(at(d2, 2));
    const quiet = json(await call('GET', API.admin.responsibleRiskFlags(calm.id), tokens.support!)).data;
    expect(quiet.flags).toEqual([]);
    expect((await call('GET', API.admin.responsibleRiskFlags(99_999_999), tokens.support!)).statusCode).toBe(404);
  });
});

describe('the responsible-gaming view', () => {
  it('lists excluded members, their communications and the returns queue; finance marks a return paid', async () => {
    const member = await registerMember(t.app);
    await t.ctx.db.updateTable('members').set({ cpf: newCpf() }).where('id', '=', member.id).execute();
    await fund(t, member.id, 2_500);
    expect(await applyCentralExclusion(t.ctx, member.id)).toBe(true);
    expect(await applyCentralExclusion(t.ctx, member.id)).toBe(false);

    const excluded = json(await call('GET', `${API.admin.responsibleMembers}?filter=excluded&page_size=100`, tokens.support!)).data;
    const row = excluded.list.find((m: { member_id: number }) => m.member_id === member.id);
    expect(row).toMatchObject({ exclusion_source: 'central', excluded_until: null, closed_at: null });

    const log = json(await call('GET', API.admin.responsibleCommunications(member.id), tokens.support!)).data;
    expect(log.list).toHaveLength(1);
    expect(log.list[0]).toMatchObject({ channel: 'notification', kind: 'central_exclusion', lang: 'pt' });

    clock.advance(2 * 86_400_000 + 1_000);
    try {
      await runBalanceReturns(t.ctx);
    } finally {
      clock.reset();
    }
    const queue = json(await call('GET', `${API.admin.balanceReturns}?status=queued`, tokens.support!)).data;
    const queued = queue.list.find((r: { member_id: number }) => r.member_id === member.id);
    expect(queued).toMatchObject({ status: 'queued', amount: '25.00', reason: 'central_exclusion' });

    expect((await call('POST', API.admin.balanceReturnPaid(queued.id), tokens.support!, { note: 'TED 123' })).statusCode).toBe(403);
    expect((await call('POST', API.admin.balanceReturnPaid(queued.id), tokens.finance!, { note: '' })).statusCode).toBe(422);
    const paid = await call('POST', API.admin.balanceReturnPaid(queued.id), tokens.finance!, { note: 'TED 123' });
    expect(paid.statusCode).toBe(200);
    expect(json(paid).data).toMatchObject({ status: 'manual', amount: '25.00', note: 'TED 123' });
    const twice = await call('POST', API.admin.balanceReturnPaid(queued.id), tokens.finance!, { note: 'TED 123' });
    expect(twice.statusCode).toBe(409);
    expect(json(twice).error_code).toBe('BALANCE_RETURN_NOT_QUEUED');
  });
});

describe('marketing', () => {
  it('a note to a whole site skips paused and excluded members', async () => {
    const open = await registerMember(t.app);
    const paused = await registerMember(t.app);
    const now = clock.nowIso();
    await t.ctx.db
      .insertInto('responsible_settings')
      .values({ member_id: paused.id, paused_until: new Date(Date.now() + 86_400_000).toISOString(), updated_at: now })
      .execute();
    const sent = await call('POST', API.admin.notifications, admin, { all: true, title: 'Promo', body: 'Bônus!' });
    expect(sent.statusCode).toBe(200);
    const notes = (memberId: number) =>
      t.ctx.db.selectFrom('notifications').select('id').where('member_id', '=', memberId).where('kind', '=', 'operator').execute();
    expect(await notes(open.id)).toHaveLength(1);
    expect(await notes(paused.id)).toHaveLength(0);
  });
});
