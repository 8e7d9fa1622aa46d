import { API } from '@casino/shared/api-paths';
import type { ChatServerMessage } from '@casino/shared/schemas/chat';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/database.ts';
import { clock } from '../../lib/clock.ts';
import { adminToken, bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, playCategory } from '../vip/vip.test-helpers.ts';
import { fund } from '../withdrawals/withdrawals.test-helpers.ts';
import { insertClaim } from './rain.repository.ts';
import { nextRainAt } from './rain-split.ts';
import { runRainPass } from './rain.service.ts';

let t: TestApp;
let admin: string;
const heard: ChatServerMessage[] = [];
const INTERVAL_MS = 5 * 60_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  t.ctx.chatHub.subscribe('pt', (message) => heard.push(message));
  const saved = await adminCall('PUT', API.admin.rainSettings, {
    enabled: true,
    mode: 'claim',
    interval_minutes: 5,
    pot: '10.00',
    min_wager: '20.00',
    chat_active_minutes: 60,
    window_seconds: 60,
    announce_seconds: 60,
    wagering_multiple: 3,
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(async () => {
  clock.reset();
  await t.close();
});
afterEach(() => clock.reset());

const adminCall = (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(admin), ...(payload === undefined ? {} : { payload: payload as object }) });
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: unknown, token: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });

let cpfSeq = 0;
function uniqueCpf(): string {
  cpfSeq += 1;
  return `${Date.now() % 1e7}`.padStart(7, '0') + String(cpfSeq).padStart(4, '0');
}

/** A member who meets every rule unless told otherwise: a CPF, R$ 20 bet, a chat message now. */
async function player(options: { cpf?: boolean; wagerCentavos?: number; chat?: boolean } = {}) {
  const m = await registerMember(t.app);
  await fund(t, m.id, 10_000);
  if (options.cpf !== false) await t.ctx.db.updateTable('members').set({ cpf: uniqueCpf() }).where('id', '=', m.id).execute();
  const wager = options.wagerCentavos ?? 2_000;
  if (wager > 0) await playCategory(t, m.id, 'slots', wager);
  if (options.chat !== false) {
    await t.ctx.db
      .insertInto('chat_messages')
      .values({
        room: 'pt',
        member_id: m.id,
        operator_id: null,
        nick: `p${m.id}`,
        text: 'boa noite',
        created_at: nowIso(),
        deleted_at: null,
        deleted_by: null,
      })
      .execute();
  }
  return m;
}

async function current(token?: string) {
  const response = await get(`${API.rain.current}?lang=en`, token);
  expect(response.statusCode).toBe(200);
  return json(response).data;
}

/** The rain instants of this file, one per test, each at least one interval after the last. */
let lastAt = 0;
function nextAt(): number {
  lastAt = nextRainAt(Math.max(Date.now() + 2 * 60_000, lastAt + INTERVAL_MS), INTERVAL_MS);
  return lastAt;
}

async function payoutsOf(rainId: number) {
  const rows = await t.ctx.db.selectFrom('rain_payouts').selectAll().where('rain_id', '=', rainId).orderBy('member_id').execute();
  return rows.map((r) => ({
    member: Number(r.member_id),
    status: r.status,
    amount: Number(r.amount_centavos),
    wagering: Number(r.wagering_centavos),
  }));
}

describe('GET /api/rain/current', () => {
  it('tells a visitor the next rain and its pot, with no eligibility', async () => {
    const data = await current();
    expect(data).toMatchObject({
      enabled: true,
      mode: 'claim',
      pot: '10.00',
      eligible: null,
      reasons: [],
      min_wager: '20.00',
      claimed: false,
      received: null,
    });
    expect(Date.parse(data.next_at) % INTERVAL_MS).toBe(0);
    expect(Date.parse(data.next_at)).toBeGreaterThanOrEqual(Date.now() - 1000);
  });

  it('excludes a member for each rule it fails, with the rule translated', async () => {
    const ok = await player();
    expect(await current(ok.token)).toMatchObject({ eligible: true, reasons: [], wagered_24h: '20.00' });

    const noCpf = await player({ cpf: false });
    expect((await current(noCpf.token)).reasons.map((r: { code: string }) => r.code)).toEqual(['cpf_required']);

    const low = await player({ wagerCentavos: 1_999 });
    const lowAnswer = await current(low.token);
    expect(lowAnswer.eligible).toBe(false);
    expect(lowAnswer.reasons).toEqual([{ code: 'min_wager', message: 'Bet at least R$20.00 in the last 24 hours (you bet R$19.99)' }]);

    const quiet = await player({ chat: false });
    expect((await current(quiet.token)).reasons).toEqual([
      { code: 'chat_inactive', message: 'Write in the chat within the last 60 minutes' },
    ]);

    const paused = await player();
    expect((await post(API.responsible.pause, { days: 1, password: paused.body.password }, paused.token)).statusCode).toBe(200);
    expect((await current(paused.token)).reasons.map((r: { code: string }) => r.code)).toEqual(['restricted']);

    const excluded = await player();
    expect((await post(API.responsible.selfExclusion, { months: 6, password: excluded.body.password }, excluded.token)).statusCode).toBe(
      200,
    );
    expect((await current(excluded.token)).reasons.map((r: { code: string }) => r.code)).toEqual(['restricted']);
  });
});

describe('a rain with claims', () => {
  it('is announced a minute before, opens, takes claims from the eligible once each, and pays the pot split to the centavo', async () => {
    const at = nextAt();
    const [a, b, c, later] = [await player(), await player(), await player(), await player()];
    const outsider = await player({ wagerCentavos: 0 });
    heard.length = 0;

    // Announced 30 s before by one of two racing passes; nothing to claim yet.
    const announced = await Promise.all([runRainPass(t.ctx, new Date(at - 30_000)), runRainPass(t.ctx, new Date(at - 30_000))]);
    expect(announced.map((r) => r.announced).sort()).toEqual([0, 1]);
    const rain = await t.ctx.db.selectFrom('rains').selectAll().where('at', '=', new Date(at).toISOString()).executeTakeFirstOrThrow();
    const rainId = Number(rain.id);
    expect(heard).toEqual([{ type: 'rain', rain_id: rainId, phase: 'announced', at: new Date(at).toISOString(), pot: '10.00' }]);
    clock.advance(at - 20_000 - Date.now());
    const early = await post(API.rain.claim, { rain_id: rainId }, a.token);
    expect([early.statusCode, json(early).error_code]).toEqual([409, 'RAIN_CLOSED']);
    expect((await current(a.token)).rain).toMatchObject({ id: rainId, phase: 'announced' });

    // Opened at its instant (once), then claims.
    const opened = await Promise.all([runRainPass(t.ctx, new Date(at + 1_000)), runRainPass(t.ctx, new Date(at + 1_000))]);
    expect(opened.map((r) => r.opened).sort()).toEqual([0, 1]);
    expect(heard.at(-1)).toMatchObject({ type: 'rain', rain_id: rainId, phase: 'open', at: new Date(at + 60_000).toISOString() });
    clock.reset();
    clock.advance(at + 2_000 - Date.now());
    for (const m of [a, b, c]) {
      const claimed = await post(API.rain.claim, { rain_id: rainId }, m.token);
      expect(claimed.statusCode).toBe(200);
      expect(json(claimed).data).toMatchObject({ rain_id: rainId, closes_at: new Date(at + 60_000).toISOString() });
    }
    const twice = await post(API.rain.claim, { rain_id: rainId, lang: 'en' }, a.token);
    expect([twice.statusCode, json(twice).error_code, json(twice).message]).toEqual([
      409,
      'RAIN_ALREADY_CLAIMED',
      'This rain has already been claimed by you (one share per CPF)',
    ]);
    const refused = await post(API.rain.claim, { rain_id: rainId, lang: 'en' }, outsider.token);
    expect([refused.statusCode, json(refused).error_code]).toEqual([422, 'RAIN_NOT_ELIGIBLE']);
    expect(json(refused).message).toBe('You cannot take part in this rain: Bet at least R$20.00 in the last 24 hours (you bet R$0.00)');
    const unknown = await post(API.rain.claim, { rain_id: 999_999 }, a.token);
    expect(unknown.statusCode).toBe(404);
    const bad = await post(API.rain.claim, { rain_id: 'x' }, a.token);
    expect(bad.statusCode).toBe(422);
    expect((await current(a.token)).claimed).toBe(true);

    // One share per CPF: the (rain, CPF) key refuses a second account of a CPF already in.
    const aCpf = (await t.ctx.db.selectFrom('members').select('cpf').where('id', '=', a.id).executeTakeFirstOrThrow()).cpf as string;
    expect(await insertClaim(t.ctx.db, { rain_id: rainId, member_id: later.id, cpf: aCpf, claimed_at: nowIso() })).toBeUndefined();

    // c pauses before the payout: no share, the pot goes to a and b.
    expect((await post(API.responsible.pause, { days: 1, password: c.body.password }, c.token)).statusCode).toBe(200);

    // The window closes; two passes race, one pays.
    const paid = await Promise.all([runRainPass(t.ctx, new Date(at + 61_000)), runRainPass(t.ctx, new Date(at + 61_000))]);
    expect(paid.map((r) => r.paid).sort()).toEqual([0, 1]);
    expect(paid.reduce((sum, r) => sum + r.paidCentavos, 0)).toBe(1_000);
    const late = await post(API.rain.claim, { rain_id: rainId }, later.token);
    expect([late.statusCode, json(late).error_code]).toEqual([409, 'RAIN_CLOSED']);

    expect(await payoutsOf(rainId)).toEqual([
      { member: a.id, status: 'paid', amount: 500, wagering: 1_500 },
      { member: b.id, status: 'paid', amount: 500, wagering: 1_500 },
      { member: c.id, status: 'skipped', amount: 0, wagering: 0 },
    ]);
    const credits = await t.ctx.db
      .selectFrom('bonus_credits')
      .selectAll()
      .where('source', '=', 'rain')
      .where('claim_key', 'like', `rain:${rainId}:%`)
      .execute();
    expect(credits.map((r) => Number(r.amount_centavos)).reduce((x, y) => x + y, 0)).toBe(1_000);
    const row = await t.ctx.db.selectFrom('rains').selectAll().where('id', '=', rainId).executeTakeFirstOrThrow();
    expect({ status: row.status, paid_count: Number(row.paid_count), paid: Number(row.paid_centavos) }).toEqual({
      status: 'paid',
      paid_count: 2,
      paid: 1_000,
    });
    const member = await t.ctx.db
      .selectFrom('members')
      .select('wagering_required_centavos')
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(Number(member.wagering_required_centavos)).toBe(1_500);
    expect(heard.at(-1)).toMatchObject({ type: 'rain', rain_id: rainId, phase: 'paid', pot: '10.00' });
    expect(heard.filter((m) => m.type === 'rain' && m.rain_id === rainId).map((m) => (m.type === 'rain' ? m.phase : ''))).toEqual([
      'announced',
      'open',
      'paid',
    ]);

    // The member reads what it received; the cover history lists it as the chat rain.
    clock.reset();
    expect((await current(a.token)).received).toMatchObject({ rain_id: rainId, amount: '5.00' });
    const history = json(await post(`${API.coverHistory}?lang=en`, {}, a.token)).data;
    expect(history.list[0]).toMatchObject({ source: 'rain', source_name: 'Chat rain' });

    // A pass later pays nothing more.
    expect((await runRainPass(t.ctx, new Date(at + 120_000))).paid).toBe(0);
    await expectLedgerSound(t);
  });
});

describe('an automatic rain', () => {
  it('pays every eligible chat member once, split exactly, even with two passes racing, and refuses claims', async () => {
    expect((await adminCall('PUT', API.admin.rainSettings, { mode: 'auto', pot: '1.00' })).statusCode).toBe(200);
    const at = nextAt();
    const fresh = [await player(), await player(), await player()];
    const left = [await player({ cpf: false }), await player({ chat: false })];
    const excluded = await player();
    expect((await post(API.responsible.selfExclusion, { months: 6, password: excluded.body.password }, excluded.token)).statusCode).toBe(
      200,
    );

    await runRainPass(t.ctx, new Date(at - 10_000));
    const rain = await t.ctx.db.selectFrom('rains').selectAll().where('at', '=', new Date(at).toISOString()).executeTakeFirstOrThrow();
    clock.advance(at - 5_000 - Date.now());
    const claim = await post(API.rain.claim, { rain_id: Number(rain.id) }, fresh[0]!.token);
    expect([claim.statusCode, json(claim).error_code]).toEqual([409, 'RAIN_CLAIM_OFF']);

    const passes = await Promise.all([
      runRainPass(t.ctx, new Date(at + 500)),
      runRainPass(t.ctx, new Date(at + 500)),
      runRainPass(t.ctx, new Date(at + 500)),
    ]);
    expect(passes.map((p) => p.paid).sort()).toEqual([0, 0, 1]);
    const payouts = await payoutsOf(Number(rain.id));
    const paidIds = payouts.filter((p) => p.status === 'paid').map((p) => p.member);
    for (const m of fresh) expect(paidIds).toContain(m.id);
    for (const m of [...left, excluded]) expect(paidIds).not.toContain(m.id);
    expect(payouts.reduce((sum, p) => sum + p.amount, 0)).toBe(100);
    const amounts = payouts.map((p) => p.amount);
    expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
    expect(new Set(payouts.map((p) => p.member)).size).toBe(payouts.length);
    await expectLedgerSound(t);
    expect((await adminCall('PUT', API.admin.rainSettings, { mode: 'claim', pot: '10.00' })).statusCode).toBe(200);
  });
});

describe('switched off', () => {
  it('does not rain on a regulated site (unless allowed) nor when disabled', async () => {
    const m = await player();
    expect((await adminCall('PATCH', API.admin.siteProfile, { regulated: true })).statusCode).toBe(200);
    try {
      const answer = await current(m.token);
      expect(answer).toMatchObject({ enabled: false, next_at: null, eligible: false });
      expect(answer.reasons[0]).toEqual({ code: 'regulated', message: 'Rain is not available on this site' });
      const at = nextAt();
      expect((await runRainPass(t.ctx, new Date(at - 10_000))).announced).toBe(0);
      expect((await adminCall('PUT', API.admin.rainSettings, { off_when_regulated: false })).statusCode).toBe(200);
      expect((await current(m.token)).enabled).toBe(true);
    } finally {
      await adminCall('PATCH', API.admin.siteProfile, { regulated: false });
      await adminCall('PUT', API.admin.rainSettings, { off_when_regulated: true });
    }
    expect((await adminCall('PUT', API.admin.rainSettings, { enabled: false })).statusCode).toBe(200);
    const at = nextAt();
    expect((await runRainPass(t.ctx, new Date(at - 10_000))).announced).toBe(0);
    expect((await current()).enabled).toBe(false);
    expect((await adminCall('PUT', API.admin.rainSettings, { enabled: true })).statusCode).toBe(200);
  });
});

describe('back office', () => {
  it('validates and audits the settings, and lists the rains with their payouts', async () => {
    const bad = await adminCall('PUT', API.admin.rainSettings, { pot: '-1', interval_minutes: 1, mode: 'storm' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(json(bad).errors ?? {}).sort()).toEqual(['interval_minutes', 'mode', 'pot']);
    const settings = json(await adminCall('GET', API.admin.rainSettings)).data;
    expect(settings).toMatchObject({ saved: true, mode: 'claim', pot: '10.00', interval_minutes: 5, wagering_multiple: 3 });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'rain_settings.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json ?? '{}')).toMatchObject({ enabled: true });

    const list = json(await adminCall('GET', `${API.admin.rains}?page=1&page_size=10`)).data;
    expect(list.total).toBeGreaterThanOrEqual(2);
    const paid = list.list.find((r: { status: string; mode: string }) => r.status === 'paid' && r.mode === 'claim');
    expect(paid).toMatchObject({ pot: '10.00', paid_count: 2, paid: '10.00', claims: 3 });
    const detail = json(await adminCall('GET', API.admin.rain(paid.id))).data;
    expect(detail.payouts).toHaveLength(3);
    expect(detail.payouts.filter((p: { status: string }) => p.status === 'paid').map((p: { amount: string }) => p.amount)).toEqual([
      '5.00',
      '5.00',
    ]);

    const player = await registerMember(t.app);
    expect((await t.app.inject({ method: 'GET', url: API.admin.rains, headers: bearer(player.token) })).statusCode).toBe(401);
    expect((await adminCall('GET', API.admin.rain(999_999))).statusCode).toBe(404);
  });
});
