import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.ts';
import { bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { cashOf, fund, newCpf, readyMember } from '../withdrawals/withdrawals.test-helpers.ts';
import { runBalanceReturns } from './balance-returns.service.ts';
import { runCentralExclusionPass } from './central-exclusion.job.ts';
import { addListedCpf } from './central-exclusion.repository.ts';
import { assertNotCentrallyExcluded, checkCentralExclusion } from './central-exclusion.service.ts';

const DAY_MS = 86_400_000;
let t: TestApp;
let operatorId: number;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.ctx.db.selectFrom('operators').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  operatorId = admin.id;
});
afterAll(async () => {
  clock.reset();
  await t.close();
});
afterEach(() => clock.reset());

const list = (cpf: string) => addListedCpf(t.ctx.db, { cpf, operatorId, note: 'test', now: clock.nowIso() });
const settingsOf = (memberId: number) =>
  t.ctx.db.selectFrom('responsible_settings').selectAll().where('member_id', '=', memberId).executeTakeFirst();
const checksOf = (memberId: number) =>
  t.ctx.db.selectFrom('central_exclusion_checks').selectAll().where('member_id', '=', memberId).orderBy('id').execute();
const communicationsOf = (memberId: number) =>
  t.ctx.db.selectFrom('member_communications').selectAll().where('member_id', '=', memberId).orderBy('id').execute();
const returnsOf = (memberId: number) => t.ctx.db.selectFrom('balance_returns').selectAll().where('member_id', '=', memberId).execute();

/** Every member's last answered check moved back, so that only the member a test is about is due. */
async function allCheckedNow() {
  const members = await t.ctx.db.selectFrom('members').select(['id', 'cpf']).where('cpf', 'is not', null).execute();
  for (const m of members) {
    await t.ctx.db
      .insertInto('central_exclusion_checks')
      .values({ member_id: m.id, cpf: m.cpf!, reason: 'periodic', result: 'nao_impedido', checked_at: clock.nowIso() })
      .execute();
  }
}

describe('the federal register', () => {
  it('answers from the sandbox list and logs every consultation', async () => {
    const cpf = newCpf();
    expect(await checkCentralExclusion(t.ctx, { cpf, reason: 'registration' })).toBe('nao_impedido');
    await list(cpf);
    expect(await checkCentralExclusion(t.ctx, { cpf, reason: 'registration' })).toBe('impedido');
    await expect(assertNotCentrallyExcluded(t.ctx, cpf)).rejects.toMatchObject({ errorCode: 'CPF_EXCLUDED' });
    const logged = await t.ctx.db.selectFrom('central_exclusion_checks').selectAll().where('cpf', '=', cpf).orderBy('id').execute();
    expect(logged.map((c) => [c.reason, c.result, c.member_id])).toEqual([
      ['registration', 'nao_impedido', null],
      ['registration', 'impedido', null],
      ['registration', 'impedido', null],
    ]);
  });

  it('an outage is logged as an error and refuses a registration with 503', async () => {
    const real = t.ctx.centralExclusion;
    t.ctx.centralExclusion = { name: 'down', check: async () => Promise.reject(new Error('SIGAP timeout')) };
    try {
      const cpf = newCpf();
      await expect(assertNotCentrallyExcluded(t.ctx, cpf)).rejects.toMatchObject({ errorCode: 'CENTRAL_EXCLUSION_UNAVAILABLE' });
      const row = await t.ctx.db.selectFrom('central_exclusion_checks').selectAll().where('cpf', '=', cpf).executeTakeFirstOrThrow();
      expect(row.result).toBe('error');
    } finally {
      t.ctx.centralExclusion = real;
    }
  });
});

describe('an existing account the register blocks', () => {
  it('is told at once, excluded, closed after the 2-day window and its balance returned by PIX, once', async () => {
    await allCheckedNow();
    const member = await readyMember(t, { fundCentavos: 12_345 });
    await list(member.cpf);

    // The first login of the São Paulo day consults the register.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login2',
      payload: { account: member.body.account, password: member.body.password },
    });
    expect(login.statusCode).toBe(200);
    expect((await checksOf(member.id)).map((c) => [c.reason, c.result])).toEqual([['daily_login', 'impedido']]);
    const settings = await settingsOf(member.id);
    expect(settings?.exclusion_source).toBe('central');
    expect(settings?.excluded_until).toBeNull();
    expect(settings?.closed_at).toBeNull();
    expect(Date.parse(settings!.withdraw_until!) - Date.parse(settings!.excluded_at!)).toBe(2 * DAY_MS);

    // The notice: in the information centre and in the communications log, in the member's language.
    const log = await communicationsOf(member.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ channel: 'notification', kind: 'central_exclusion', lang: 'pt' });
    expect(log[0]!.content).toContain('Autoexclusão Centralizada');
    const token = json(login).data.token as string;
    const notes = await t.app.inject({ method: 'GET', url: '/api/informationcenter/notification?lang=en', headers: bearer(token) });
    expect(JSON.stringify(json(notes).data)).toContain('Centralised self-exclusion');

    // A second login the same day does not consult again.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login2',
      payload: { account: member.body.account, password: member.body.password },
    });
    expect(await checksOf(member.id)).toHaveLength(1);

    // Within the window nothing is closed or returned.
    let pass = await runCentralExclusionPass(t.ctx);
    expect(pass.closed).toBe(0);
    expect(await returnsOf(member.id)).toEqual([]);

    // After 2 days: closed and returned in the same pass, through a paid withdrawal.
    clock.advance(2 * DAY_MS + 60_000);
    await allCheckedNow();
    pass = await runCentralExclusionPass(t.ctx);
    expect((await settingsOf(member.id))?.closed_at).not.toBeNull();
    const [ret] = await returnsOf(member.id);
    expect(ret).toMatchObject({
      status: 'paid',
      reason: 'central_exclusion',
      amount_centavos: 12_345,
      key_type: 'cpf',
      pix_key: member.cpf,
    });
    const withdrawal = await t.ctx.db.selectFrom('withdrawals').selectAll().where('id', '=', ret!.withdrawal_id!).executeTakeFirstOrThrow();
    expect(withdrawal).toMatchObject({ status: 'paid', amount_centavos: 12_345, fee_centavos: 0 });
    expect(await cashOf(t, member.id)).toBe(0);
    expect((await communicationsOf(member.id)).map((c) => c.kind)).toEqual(['central_exclusion', 'balance_returned']);

    // Money that arrives later (a sports bet settling) is not returned twice under the same exclusion.
    await fund(t, member.id, 500);
    await runCentralExclusionPass(t.ctx);
    expect(await returnsOf(member.id)).toHaveLength(1);
  });

  it('the 15-day job checks members last checked 15 or more days ago, and only them', async () => {
    const due = await readyMember(t);
    const fresh = await readyMember(t);
    await allCheckedNow();
    // `due` was last checked 16 days ago: its fresh row is moved back.
    await t.ctx.db
      .updateTable('central_exclusion_checks')
      .set({ checked_at: new Date(clock.nowMs() - 16 * DAY_MS).toISOString() })
      .where('member_id', '=', due.id)
      .execute();
    await list(due.cpf);
    const pass = await runCentralExclusionPass(t.ctx);
    expect(pass.checks).toMatchObject({ checked: 1, impedido: 1 });
    expect((await checksOf(due.id)).at(-1)).toMatchObject({ reason: 'periodic', result: 'impedido' });
    expect((await checksOf(fresh.id)).map((c) => c.reason)).toEqual(['periodic']);
    expect((await settingsOf(due.id))?.exclusion_source).toBe('central');
    expect((await communicationsOf(due.id)).map((c) => c.kind)).toEqual(['central_exclusion']);
  });
});

describe('balance returns', () => {
  async function selfExcluded(options: { withKey: boolean; fundCentavos: number }) {
    const member = options.withKey ? await readyMember(t, { fundCentavos: options.fundCentavos }) : await registerMember(t.app);
    if (!options.withKey) await fund(t, member.id, options.fundCentavos);
    const now = clock.nowIso();
    await t.ctx.db
      .insertInto('responsible_settings')
      .values({
        member_id: member.id,
        excluded_at: now,
        excluded_until: new Date(clock.nowMs() + 30 * DAY_MS).toISOString(),
        exclusion_source: 'self',
        withdraw_until: new Date(clock.nowMs() + 2 * DAY_MS).toISOString(),
        updated_at: now,
      })
      .execute();
    return member;
  }

  it('two passes at once pay a self-excluded member once', async () => {
    const member = await selfExcluded({ withKey: true, fundCentavos: 7_000 });
    clock.advance(2 * DAY_MS + 1_000);
    await Promise.all([runBalanceReturns(t.ctx), runBalanceReturns(t.ctx), runBalanceReturns(t.ctx)]);
    const returns = await returnsOf(member.id);
    expect(returns).toHaveLength(1);
    expect(returns[0]).toMatchObject({ status: 'paid', reason: 'self_exclusion', amount_centavos: 7_000 });
    const withdrawals = await t.ctx.db.selectFrom('withdrawals').selectAll().where('member_id', '=', member.id).execute();
    expect(withdrawals.map((w) => [w.status, w.amount_centavos])).toEqual([['paid', 7_000]]);
    const paidTransfers = await t.ctx.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('code', '=', 'withdrawal_paid')
      .where('idempotency_key', '=', `withdrawal_paid:${withdrawals[0]!.order_no}`)
      .execute();
    expect(paidTransfers).toHaveLength(1);
    expect(await cashOf(t, member.id)).toBe(0);
  });

  it('without a key the return is queued, and the back office marks it paid once (audited)', async () => {
    const member = await selfExcluded({ withKey: false, fundCentavos: 4_200 });
    clock.advance(2 * DAY_MS + 1_000);
    await runBalanceReturns(t.ctx);
    const [queued] = await returnsOf(member.id);
    expect(queued).toMatchObject({ status: 'queued', amount_centavos: 4_200, withdrawal_id: null });
    expect(await cashOf(t, member.id)).toBe(4_200);
    expect((await communicationsOf(member.id)).map((c) => c.kind)).toEqual(['balance_return_queued']);

    const { markReturnPaid } = await import('./balance-returns.service.ts');
    const actor = { operatorId, ip: '127.0.0.1' };
    const results = await Promise.allSettled([
      markReturnPaid(t.ctx, actor, queued!.id, 'TED to the member'),
      markReturnPaid(t.ctx, actor, queued!.id, 'TED to the member'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { errorCode: 'BALANCE_RETURN_NOT_QUEUED' } });
    const [marked] = await returnsOf(member.id);
    expect(marked).toMatchObject({ status: 'manual', amount_centavos: 4_200, operator_id: operatorId, note: 'TED to the member' });
    expect(await cashOf(t, member.id)).toBe(0);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'balance_return.mark_paid')
      .where('target_id', '=', String(queued!.id))
      .execute();
    expect(audit).toHaveLength(1);
  });
});
