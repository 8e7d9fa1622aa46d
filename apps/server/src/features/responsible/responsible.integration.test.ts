import { API } from '@casino/shared/api-paths';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.ts';
import { verifyLedger } from '../../platform/ledger/ledger-verify.ts';
import { bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { createFixture, selectionOf } from '../sports/bets/test-fixtures.ts';
import { cashOf, fund, readyMember, setQkPwd } from '../withdrawals/withdrawals.test-helpers.ts';

/**
 * Responsible gaming against a real database (SQLite and PostgreSQL), as a client calls it:
 * limits lower at once and raise after 24 hours on the server's clock; each limit refuses on the
 * money paths (PIX charges, house games, sports, the seamless wallet) with its code and moves
 * nothing; 20 bets at once cannot pass a limit; a pause and a self-exclusion refuse bets, deposits
 * and bonuses, leave withdrawals open and cannot be lifted; a self-excluded CPF cannot register.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => clock.reset());
afterAll(async () => {
  expect(await verifyLedger(t.ctx.db)).toEqual([]);
  await t.close();
});

async function call(method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: json(response), raw: response };
}

async function member(centavos = 100_000) {
  const m = await registerMember(t.app);
  if (centavos > 0) await fund(t, m.id, centavos);
  return m;
}

const limitOf = (body: { data: { limits: { kind: string; period: string }[] } }, kind: string, period = 'day') =>
  body.data.limits.find((l) => l.kind === kind && l.period === period) as unknown as {
    value: number | null;
    pending: { value: number | null; applies_at: string } | null;
    used: number;
    resets_at: string;
  };

const dice = (token: string, amount: string) =>
  call('POST', `${API.house.dice}?lang=en`, token, { amount, target: '50', direction: 'over' });

async function deposit(token: string, money: string) {
  const channels = (await call('GET', API.paymentOnlineList, token)).body.data;
  return call('POST', `${API.rechargeOnline}?lang=en`, token, { money, payment_id: channels.list[0].id });
}

describe('limits', () => {
  it('asks a visitor to log in, and answers every slot to a member', async () => {
    expect((await call('GET', API.responsible.limits)).status).toBe(401);
    const m = await member(0);
    const answer = await call('GET', API.responsible.limits, m.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data.limits).toHaveLength(10);
    expect(limitOf(answer.body, 'time')).toMatchObject({ value: null, pending: null, used: 0 });
  });

  it('applies a first or lower limit at once, and a raise or removal only after 24 hours', async () => {
    const m = await member(0);
    let r = await call('POST', API.responsible.limits, m.token, { kind: 'loss', period: 'week', value: 10_000 });
    expect(r.status).toBe(200);
    expect(limitOf(r.body, 'loss', 'week')).toMatchObject({ value: 10_000, pending: null });

    r = await call('POST', API.responsible.limits, m.token, { kind: 'loss', period: 'week', value: 5_000 });
    expect(limitOf(r.body, 'loss', 'week')).toMatchObject({ value: 5_000, pending: null });

    const before = Date.now();
    r = await call('POST', API.responsible.limits, m.token, { kind: 'loss', period: 'week', value: 20_000 });
    const raised = limitOf(r.body, 'loss', 'week');
    expect(raised.value).toBe(5_000);
    expect(raised.pending?.value).toBe(20_000);
    const appliesAt = Date.parse(raised.pending?.applies_at ?? '');
    expect(appliesAt - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1_000);
    expect(appliesAt - before).toBeLessThan(24 * 3_600_000 + 60_000);

    clock.advance(24 * 3_600_000 - 60_000);
    expect(limitOf((await call('GET', API.responsible.limits, m.token)).body, 'loss', 'week')).toMatchObject({ value: 5_000 });
    clock.advance(61_000);
    expect(limitOf((await call('GET', API.responsible.limits, m.token)).body, 'loss', 'week')).toMatchObject({
      value: 20_000,
      pending: null,
    });

    r = await call('POST', API.responsible.limits, m.token, { kind: 'loss', period: 'week', value: null });
    expect(limitOf(r.body, 'loss', 'week')).toMatchObject({ value: 20_000, pending: { value: null } });
    clock.advance(24 * 3_600_000 + 1_000);
    expect(limitOf((await call('GET', API.responsible.limits, m.token)).body, 'loss', 'week')).toMatchObject({
      value: null,
      pending: null,
    });
  });

  it('sets several limits in one call, and refuses bad input with field errors and writes nothing', async () => {
    const m = await member(0);
    const ok = await call('POST', API.responsible.limits, m.token, {
      limits: [
        { kind: 'deposit', period: 'month', amount: '50000' },
        { kind: 'time', minutes: 90 },
      ],
    });
    expect(ok.status).toBe(200);
    expect(limitOf(ok.body, 'deposit', 'month').value).toBe(50_000);
    expect(limitOf(ok.body, 'time').value).toBe(90);
    for (const bad of [
      { kind: 'loss', period: 'day', value: -5 },
      { kind: 'loss', period: 'day', value: 10.5 },
      { kind: 'loss', period: 'year', value: 100 },
      { kind: 'time', period: 'week', value: 60 },
      { kind: 'time', period: 'day', value: 1441 },
      { kind: 'fun', period: 'day', value: 100 },
      { kind: 'loss', period: 'day' },
      { kind: 'loss', period: 'day', value: 100, extra: 1 },
    ]) {
      const r = await call('POST', `${API.responsible.limits}?lang=en`, m.token, bad);
      expect(r.status, JSON.stringify(bad)).toBe(422);
      expect(r.body.errors, JSON.stringify(bad)).toBeTruthy();
    }
    const after = await call('GET', API.responsible.limits, m.token);
    expect(after.body.data.limits.filter((l: { value: number | null }) => l.value !== null)).toHaveLength(2);
  });
});

describe('limits on every money path', () => {
  it('refuses a PIX charge past the deposit limit with its code and when it resets', async () => {
    const m = await member(0);
    await call('POST', API.responsible.limits, m.token, { kind: 'deposit', period: 'day', value: 10_000 });
    expect((await deposit(m.token, '60.00')).status).toBe(200);
    const refused = await deposit(m.token, '60.00');
    expect(refused.status).toBe(403);
    expect(refused.body.error_code).toBe('DEPOSIT_LIMIT_REACHED');
    expect(refused.body.message).toMatch(/deposit limit.*resets on/);
    expect(Date.parse((refused.body as unknown as { resets_at: string }).resets_at)).toBeGreaterThan(Date.now());
    const orders = await t.ctx.db.selectFrom('deposit_orders').select('id').where('member_id', '=', m.id).execute();
    expect(orders).toHaveLength(1);
    expect((await deposit(m.token, '40.00')).status).toBe(200);
  });

  it('refuses a house-game stake past the loss or wager limit and moves nothing', async () => {
    const m = await member();
    await call('POST', API.responsible.limits, m.token, { kind: 'loss', period: 'day', value: 1_000 });
    const refused = await dice(m.token, '10.01');
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.error_code).toBe('LOSS_LIMIT_REACHED');
    expect(await cashOf(t, m.id)).toBe(100_000);

    const w = await member();
    await call('POST', API.responsible.limits, w.token, { kind: 'wager', period: 'month', value: 500 });
    expect((await dice(w.token, '5.00')).status).toBe(200);
    const second = await dice(w.token, '1.00');
    expect(second.status).toBe(403);
    expect(second.body.error_code).toBe('WAGER_LIMIT_REACHED');
    const rounds = await t.ctx.db.selectFrom('game_rounds').select('id').where('member_id', '=', w.id).execute();
    expect(rounds).toHaveLength(1);
  });

  it('refuses a sports stake past the wager limit', async () => {
    const m = await member();
    await call('POST', API.responsible.limits, m.token, { kind: 'wager', period: 'week', value: 400 });
    const fixture = await createFixture(t.ctx.db);
    const r = await call('POST', `${API.sports.place}?lang=en`, m.token, {
      request_id: `req-rg-${String(m.id).padStart(6, '0')}`,
      accept_odds: 'any',
      kind: 'single',
      stake: '5.00',
      selections: [{ selection_id: selectionOf(fixture, '1x2', 'home'), odds: '2.10' }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(403);
    expect(r.body.error_code).toBe('WAGER_LIMIT_REACHED');
    expect(await cashOf(t, m.id)).toBe(100_000);
  });

  it('lets 20 simultaneous stakes pass a wager limit exactly as far as it goes, with no 5xx', async () => {
    const m = await member();
    await call('POST', API.responsible.limits, m.token, { kind: 'wager', period: 'day', value: 5_000 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => dice(m.token, '5.00')));
    expect(answers.filter((a) => a.status >= 500)).toHaveLength(0);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 403 && a.body.error_code === 'WAGER_LIMIT_REACHED')).toHaveLength(10);
  });

  it('never lets 20 simultaneous stakes take the day past a loss limit', async () => {
    const m = await member();
    await call('POST', API.responsible.limits, m.token, { kind: 'loss', period: 'day', value: 2_000 });
    // 2% to win: nearly every stake is a loss.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', `${API.house.dice}?lang=en`, m.token, { amount: '5.00', target: '98', direction: 'over' }),
      ),
    );
    expect(answers.filter((a) => a.status >= 500)).toHaveLength(0);
    expect(answers.every((a) => a.status === 200 || a.body.error_code === 'LOSS_LIMIT_REACHED')).toBe(true);
    const lost = 100_000 - (await cashOf(t, m.id));
    expect(lost).toBeLessThanOrEqual(2_000);
    expect(answers.filter((a) => a.status === 403).length).toBeGreaterThanOrEqual(
      16 - answers.filter((a) => a.status === 200 && a.body.data.win !== '0.00').length * 100,
    );
  });

  it('counts a refusal as a limit hit (the risk flags read it)', async () => {
    const m = await member();
    await call('POST', API.responsible.limits, m.token, { kind: 'loss', period: 'day', value: 100 });
    await dice(m.token, '2.00');
    await dice(m.token, '2.00');
    const row = await t.ctx.db.selectFrom('responsible_usage').select('limit_hits').where('member_id', '=', m.id).executeTakeFirstOrThrow();
    expect(Number(row.limit_hits)).toBe(2);
  });
});

describe('pause and self-exclusion', () => {
  it('pauses with the password: bets, deposits and bonuses refused, withdrawal open, not liftable', async () => {
    const m = await readyMember(t, { fundCentavos: 50_000 });
    const wrong = await call('POST', `${API.responsible.pause}?lang=en`, m.token, { days: 7, password: 'not-my-password' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.password).toBeTruthy();
    expect((await call('POST', API.responsible.pause, m.token, { days: 5, password: m.body.password })).status).toBe(422);

    const paused = await call('POST', API.responsible.pause, m.token, { days: 7, password: m.body.password });
    expect(paused.status).toBe(200);
    expect(Date.parse(paused.body.data.until) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const bet = await dice(m.token, '1.00');
    expect([bet.status, bet.body.error_code]).toEqual([403, 'ACCOUNT_PAUSED']);
    const charge = await deposit(m.token, '20.00');
    expect([charge.status, charge.body.error_code]).toEqual([403, 'ACCOUNT_PAUSED']);
    const shorter = await call('POST', API.responsible.pause, m.token, { days: 1, password: m.body.password });
    expect([shorter.status, shorter.body.error_code]).toEqual([409, 'RESTRICTION_ACTIVE']);

    const status = await call('GET', API.responsible.status, m.token);
    expect(status.body.data).toMatchObject({
      pause: { until: paused.body.data.until },
      can: { bet: false, deposit: false, withdraw: true, bonus: false },
    });

    const withdrawal = await call('POST', '/api/drawing', m.token, {
      money: '100.00',
      member_bank_id: m.bankId,
      payment_type: 'pix',
      qk_pwd: '246810',
    });
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200);

    clock.advance(7 * 86_400_000 + 1_000);
    expect((await dice(m.token, '1.00')).status).toBe(200);
  });

  it('self-excludes: only withdrawals for two days, no lifting, and the CPF cannot register again', async () => {
    const m = await readyMember(t, { fundCentavos: 50_000 });
    const r = await call('POST', API.responsible.selfExclusion, m.token, { months: 6, password: m.body.password });
    expect(r.status).toBe(200);
    expect(Date.parse(r.body.data.until) - Date.now()).toBeGreaterThan(180 * 86_400_000);

    expect((await dice(m.token, '1.00')).body.error_code).toBe('SELF_EXCLUDED');
    expect((await deposit(m.token, '20.00')).body.error_code).toBe('SELF_EXCLUDED');
    const lift = await call('POST', API.responsible.selfExclusion, m.token, { months: 1, password: m.body.password });
    expect([lift.status, lift.body.error_code]).toEqual([409, 'RESTRICTION_ACTIVE']);
    const pause = await call('POST', API.responsible.pause, m.token, { days: 1, password: m.body.password });
    expect(pause.status).toBe(409);
    const longer = await call('POST', API.responsible.selfExclusion, m.token, { months: 'indefinite', password: m.body.password });
    expect(longer.status).toBe(200);
    expect(longer.body.data.until).toBeNull();

    const status = (await call('GET', API.responsible.status, m.token)).body.data;
    expect(status.self_exclusion).toMatchObject({ source: 'self', until: null });
    expect(status.can).toEqual({ bet: false, deposit: false, withdraw: true, bonus: false });
    expect(
      (await call('POST', '/api/drawing', m.token, { money: '100.00', member_bank_id: m.bankId, payment_type: 'pix', qk_pwd: '246810' }))
        .status,
    ).toBe(200);

    clock.advance(2 * 86_400_000 + 1_000);
    const late = await call('POST', '/api/drawing', m.token, {
      money: '100.00',
      member_bank_id: m.bankId,
      payment_type: 'pix',
      qk_pwd: '246810',
    });
    expect([late.status, late.body.error_code]).toEqual([403, 'SELF_EXCLUDED']);

    // The CPF of a running self-exclusion is refused a new account (checked by the platform's repository).
    const { cpfExcluded } = await import('../../platform/responsible/responsible.repository.ts');
    expect(await cpfExcluded(t.ctx.db, m.cpf, clock.nowIso())).toBe(true);
  });

  it('refuses a bonus while paused', async () => {
    const m = await member(0);
    await call('POST', API.responsible.pause, m.token, { days: 1, password: m.body.password });
    const { creditBonus } = await import('../promotions/engine.ts');
    await expect(
      t.ctx.db
        .transaction()
        .execute((trx) =>
          creditBonus(trx, { memberId: m.id, source: 'ftd', claimKey: `rg-${m.id}`, amountCentavos: 1_000, wageringCentavos: 0 }),
        ),
    ).rejects.toMatchObject({ errorCode: 'ACCOUNT_PAUSED' });
  });
});

describe('time limit and reality check', () => {
  it('ends the session at the daily time limit and refuses logins until the next São Paulo day', async () => {
    const m = await member(0);
    await call('POST', API.responsible.limits, m.token, { kind: 'time', value: 1 });
    // Two touches of the session 40 s after the one before pass the minute (the session's last
    // activity is moved back, as 40 s of play would have left it).
    const playFor = (ms: number) =>
      t.ctx.db
        .updateTable('member_sessions')
        .set({ last_seen_at: new Date(Date.now() - ms).toISOString() })
        .where('member_id', '=', m.id)
        .execute();
    await playFor(40_000);
    expect((await call('GET', API.responsible.status, m.token)).status).toBe(200);
    await playFor(40_000);
    const ended = await call('GET', `${API.responsible.status}?lang=en`, m.token);
    expect([ended.status, ended.body.error_code, ended.body.force_offline]).toEqual([403, 'SESSION_TIME_LIMIT_REACHED', true]);
    expect((await call('GET', API.responsible.status, m.token)).status).toBe(401);
    const login = await call('POST', `${API.login}?lang=en`, undefined, { account: m.body.account, password: m.body.password });
    expect([login.status, login.body.error_code]).toEqual([403, 'SESSION_TIME_LIMIT_REACHED']);
  });

  it('stores the reality-check interval and summarises the session', async () => {
    const m = await member();
    expect((await call('POST', API.responsible.realityCheck, m.token, { minutes: 20 })).status).toBe(422);
    expect((await call('POST', API.responsible.realityCheck, m.token, { minutes: 30 })).status).toBe(200);
    await dice(m.token, '3.00');
    const status = (await call('GET', API.responsible.status, m.token)).body.data;
    expect(status.reality_check_minutes).toBe(30);
    expect(status.session.stakes).toBe('3.00');
    expect(Math.round(Number(status.session.net) * 100)).toBe(Math.round(Number(status.session.wins) * 100) - 300);
  });
});

describe('statement', () => {
  it('lists deposits, stakes and wins per São Paulo day, as JSON and CSV, only to the member', async () => {
    const m = await member(20_000);
    await dice(m.token, '2.00');
    const r = await call('GET', API.responsible.statement, m.token);
    expect(r.status).toBe(200);
    const today = r.body.data.days.at(-1);
    expect(today.stakes).toBe('2.00');
    expect(r.body.data.totals.stakes).toBe('2.00');
    expect(r.body.data.days).toHaveLength(30);
    const csv = await t.app.inject({ method: 'GET', url: `${API.responsible.statement}?format=csv`, headers: bearer(m.token) });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe('day,deposits,withdrawals,stakes,wins,bonuses,net,seconds');
    const bad = await call('GET', `${API.responsible.statement}?from=2026-02-30`, m.token);
    expect(bad.status).toBe(422);
    const other = await member(0);
    expect((await call('GET', API.responsible.statement, other.token)).body.data.totals.stakes).toBe('0.00');
  });
});

describe('the seamless wallet', () => {
  it('answers the provider its documented refusal code', async () => {
    const m = await member();
    await setQkPwd(t, m);
    await call('POST', API.responsible.limits, m.token, { kind: 'wager', period: 'day', value: 100 });
    const { runWallet, debit } = await import('../wallet/wallet.service.ts');
    const { centavos } = await import('@casino/shared/money');
    const outcome = await runWallet(t.ctx.db, m.id, (trx) =>
      debit(
        trx,
        { providerId: 1, platType: 'rgtest', gameId: 1, category: 'slots', memberId: m.id, roundUid: `rg-${m.id}` },
        { txId: `rg-tx-${m.id}`, amountCentavos: centavos(500) },
      ),
    );
    expect(outcome).toMatchObject({ ok: false, error: 'WAGER_LIMIT_REACHED', balanceCentavos: 100_000 });
  });
});
