import { centavos } from '@casino/shared/money';
import { createHmac, randomBytes } from 'node:crypto';
import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { forgetRecentReads } from '../../lib/recent-reads.ts';
import { verifyLedger } from '../../platform/ledger/ledger-verify.ts';
import { cash, house } from '../../platform/ledger/ledger.service.ts';
import { transfer } from '../../platform/ledger/transfer.ts';
import { saoPauloDay } from '../../lib/sao-paulo.ts';
import { StatementRecorder, unitOf, workOf } from '../../test/statements.ts';

/**
 * Provider conformance: this file plays an aggregator against the HTTP seamless wallet, signing
 * as docs/SEAMLESS-WALLET.md says (its own signer, not the server's): signatures, sessions,
 * retries, duplicates, rollbacks in every order, bet+win, two tabs racing for one balance, and the
 * ledger sound at the end. Runs on SQLite and PostgreSQL.
 */

let t: TestApp;
let secret: string;
const recorder = new StatementRecorder();
const GAME = 'sandbox-tigre-sortudo';
const OTHER_GAME = 'sandbox-keno-rapido';

beforeAll(async () => {
  t = await createTestApp({}, { onStatement: recorder.hook });
  const provider = await t.ctx.db
    .selectFrom('game_providers')
    .select('wallet_secret')
    .where('plat_type', '=', 'sandbox')
    .executeTakeFirstOrThrow();
  secret = provider.wallet_secret!;
});
afterAll(async () => {
  await t.close();
});

interface Answer {
  status: string;
  balance?: number;
  currency: string;
  tx_id?: string;
  reference?: string;
  player_id?: string;
  replayed?: boolean;
  message?: string;
}

interface CallOptions {
  secret?: string;
  timestamp?: number;
  nonce?: string;
  signature?: string;
  omit?: 'x-signature' | 'x-timestamp' | 'x-nonce';
  platType?: string;
  raw?: string;
}

/** One signed callback, exactly as an aggregator sends it. */
async function call(action: string, body: Record<string, unknown>, options: CallOptions = {}) {
  const raw = options.raw ?? JSON.stringify(body);
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = options.nonce ?? randomBytes(12).toString('hex');
  const signature =
    options.signature ??
    createHmac('sha256', options.secret ?? secret)
      .update(`${timestamp}.${nonce}.${raw}`)
      .digest('hex');
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-signature': signature,
    'x-timestamp': timestamp,
    'x-nonce': nonce,
  };
  if (options.omit) delete headers[options.omit];
  const response = await t.app.inject({ method: 'POST', url: API.seamless(options.platType ?? 'sandbox', action), payload: raw, headers });
  return { http: response.statusCode, ...(response.json() as Answer) };
}

let seq = 0;
const uid = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

async function cashOf(memberId: number): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('ledger_accounts')
    .select('balance_centavos')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'cash')
    .executeTakeFirstOrThrow();
  return row.balance_centavos;
}

/** A member with `amount` centavos and a launch session of `game` (the token the provider got in the URL). */
async function player(amount: number, game = GAME) {
  const m = await registerMember(t.app);
  if (amount > 0) {
    const moved = await transfer(t.ctx.db, {
      key: uid('deposit'),
      code: 'deposit',
      lines: [
        { account: house('psp_clearing'), amountCentavos: centavos(-amount) },
        { account: cash(m.id), amountCentavos: centavos(amount) },
      ],
    });
    expect(moved.ok).toBe(true);
  }
  const launch = await t.app.inject({ method: 'POST', url: API.day7Login, payload: { game_code: game }, headers: bearer(m.token) });
  const url = new URL(launch.json().data.url, 'http://x');
  return { id: m.id, token: url.searchParams.get('token')!, memberToken: m.token };
}

describe('signatures', () => {
  it('accepts a signed call and refuses a wrong secret, a changed body, missing headers and an unknown platform', async () => {
    const p = await player(1000);
    expect(await call('balance', { token: p.token })).toMatchObject({
      http: 200,
      status: 'OK',
      balance: 1000,
      currency: 'BRL',
      player_id: String(p.id),
    });

    const wrongSecret = await call('balance', { token: p.token }, { secret: 'not-the-secret' });
    expect(wrongSecret).toMatchObject({ http: 401, status: 'INVALID_SIGNATURE' });
    expect(wrongSecret.balance).toBeUndefined();

    // Signed over one body, sent with another: the raw body is what counts.
    const timestamp = Math.floor(Date.now() / 1000);
    const nonce = randomBytes(12).toString('hex');
    const signed = createHmac('sha256', secret)
      .update(`${timestamp}.${nonce}.${JSON.stringify({ token: p.token })}`)
      .digest('hex');
    const tampered = await call('balance', {}, { raw: JSON.stringify({ token: p.token, x: 1 }), timestamp, nonce, signature: signed });
    expect(tampered.status).toBe('INVALID_SIGNATURE');
    // The same content re-serialised with other spacing is another raw body too.
    const respaced = await call('balance', {}, { raw: JSON.stringify({ token: p.token }, null, 1), timestamp, nonce, signature: signed });
    expect(respaced.status).toBe('INVALID_SIGNATURE');

    for (const omit of ['x-signature', 'x-timestamp', 'x-nonce'] as const) {
      expect(await call('balance', { token: p.token }, { omit })).toMatchObject({ http: 401, status: 'INVALID_SIGNATURE' });
    }
    expect((await call('balance', { token: p.token }, { signature: 'zz' })).status).toBe('INVALID_SIGNATURE');
    expect((await call('balance', { token: p.token }, { platType: 'nobody' })).status).toBe('INVALID_SIGNATURE');
    // The house has no wallet secret: nobody can call its wallet over HTTP.
    expect((await call('balance', { token: p.token }, { platType: 'house' })).status).toBe('INVALID_SIGNATURE');
  });

  it('refuses a stale or future timestamp and a replayed nonce', async () => {
    const p = await player(0);
    const now = Math.floor(Date.now() / 1000);
    expect((await call('balance', { token: p.token }, { timestamp: now - 330 })).status).toBe('INVALID_SIGNATURE');
    expect((await call('balance', { token: p.token }, { timestamp: now + 330 })).status).toBe('INVALID_SIGNATURE');
    expect((await call('balance', { token: p.token }, { timestamp: now - 270 })).status).toBe('OK');

    const nonce = randomBytes(12).toString('hex');
    expect((await call('balance', { token: p.token }, { nonce, timestamp: now })).status).toBe('OK');
    // The very same signed request again (a captured call replayed): refused.
    const replay = await call('balance', { token: p.token }, { nonce, timestamp: now });
    expect(replay).toMatchObject({ http: 401, status: 'INVALID_SIGNATURE' });
  });
});

describe('sessions', () => {
  it('refuses balance and bets on an unknown or expired session, and slides a live one', async () => {
    const p = await player(1000);
    expect((await call('balance', { token: 'no-such-token' })).status).toBe('SESSION_EXPIRED');
    const before = await t.ctx.db
      .selectFrom('game_sessions')
      .select(['id', 'expires_at'])
      .where('member_id', '=', p.id)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('game_sessions')
      .set({ last_seen_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', before.id)
      .execute();
    expect((await call('balance', { token: p.token })).status).toBe('OK');
    const slid = await t.ctx.db.selectFrom('game_sessions').select('expires_at').where('id', '=', before.id).executeTakeFirstOrThrow();
    expect(Date.parse(slid.expires_at)).toBeGreaterThanOrEqual(Date.parse(before.expires_at));

    await t.ctx.db
      .updateTable('game_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', before.id)
      .execute();
    expect(await call('balance', { token: p.token })).toMatchObject({ http: 401, status: 'SESSION_EXPIRED' });
    const bet = await call('bet', { token: p.token, tx_id: uid('b'), round_id: uid('r'), game_code: GAME, amount: 100 });
    expect(bet.status).toBe('SESSION_EXPIRED');
    expect(await cashOf(p.id)).toBe(1000);
  });

  it('refuses bets of a frozen member and on a disabled game or provider', async () => {
    const p = await player(1000);
    await t.ctx.db.updateTable('members').set({ status: 2 }).where('id', '=', p.id).execute();
    expect((await call('bet', { token: p.token, tx_id: uid('b'), round_id: uid('r'), game_code: GAME, amount: 100 })).status).toBe(
      'SESSION_EXPIRED',
    );
    await t.ctx.db.updateTable('members').set({ status: 1 }).where('id', '=', p.id).execute();

    await t.ctx.db.updateTable('games').set({ enabled: 0 }).where('code', '=', GAME).execute();
    forgetRecentReads(t.ctx.db); // as the back office does after a change (lib/recent-reads.ts)
    expect((await call('bet', { token: p.token, tx_id: uid('b'), round_id: uid('r'), game_code: GAME, amount: 100 })).status).toBe(
      'SESSION_EXPIRED',
    );
    await t.ctx.db.updateTable('games').set({ enabled: 1 }).where('code', '=', GAME).execute();
    forgetRecentReads(t.ctx.db); // as the back office does after a change (lib/recent-reads.ts)

    await t.ctx.db.updateTable('game_providers').set({ enabled: 0 }).where('plat_type', '=', 'sandbox').execute();
    forgetRecentReads(t.ctx.db); // as the back office does after a change (lib/recent-reads.ts)
    expect((await call('balance', { token: p.token })).status).toBe('SESSION_EXPIRED');
    await t.ctx.db.updateTable('game_providers').set({ enabled: 1 }).where('plat_type', '=', 'sandbox').execute();
    forgetRecentReads(t.ctx.db); // as the back office does after a change (lib/recent-reads.ts)
    expect(await cashOf(p.id)).toBe(1000);
  });
});

describe('bet, win and their retries', () => {
  it('takes a stake once however often it is retried, and pays a win once', async () => {
    const p = await player(1000);
    const round = uid('round');
    const bet = { token: p.token, tx_id: uid('bet'), round_id: round, game_code: GAME, amount: 200 };
    const first = await call('bet', bet);
    expect(first).toMatchObject({ http: 200, status: 'OK', balance: 800, tx_id: bet.tx_id, replayed: false });
    expect(first.reference).toMatch(/^\d+$/);
    for (let i = 0; i < 3; i++)
      expect(await call('bet', bet)).toMatchObject({ status: 'OK', balance: 800, replayed: true, reference: first.reference });
    expect(await cashOf(p.id)).toBe(800);

    const win = { player_id: String(p.id), tx_id: uid('win'), round_id: round, game_code: GAME, amount: 1000 };
    expect(await call('win', win)).toMatchObject({ status: 'OK', balance: 1800, replayed: false });
    expect(await call('win', win)).toMatchObject({ status: 'OK', balance: 1800, replayed: true });
    expect(await cashOf(p.id)).toBe(1800);

    const rounds = await t.ctx.db.selectFrom('game_rounds').selectAll().where('round_uid', '=', round).execute();
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({ member_id: p.id, bet_centavos: 200, win_centavos: 1000, status: 'settled' });
    // The settled stake counts once as a valid bet (turnover, VIP totals).
    const member = await t.ctx.db
      .selectFrom('members')
      .select(['total_bet_centavos', 'total_slot_bet_centavos'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(member).toEqual({ total_bet_centavos: 200, total_slot_bet_centavos: 200 });
  });

  it('closes a lost round with a win of zero', async () => {
    const p = await player(500);
    const round = uid('round');
    await call('bet', { token: p.token, tx_id: uid('bet'), round_id: round, game_code: GAME, amount: 500 });
    expect(await call('win', { token: p.token, tx_id: uid('win'), round_id: round, game_code: GAME, amount: 0 })).toMatchObject({
      status: 'OK',
      balance: 0,
    });
    const row = await t.ctx.db
      .selectFrom('game_rounds')
      .select(['status', 'win_centavos'])
      .where('round_uid', '=', round)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'settled', win_centavos: 0 });
  });

  it('refuses a stake above the balance and moves nothing', async () => {
    const p = await player(300);
    const round = uid('round');
    const answer = await call('bet', { token: p.token, tx_id: uid('bet'), round_id: round, game_code: GAME, amount: 500 });
    expect(answer).toMatchObject({ http: 422, status: 'INSUFFICIENT_FUNDS', balance: 300 });
    expect(await cashOf(p.id)).toBe(300);
    expect(await t.ctx.db.selectFrom('game_rounds').select('id').where('round_uid', '=', round).execute()).toHaveLength(0);
  });

  it('refuses a transaction id reused with other data as a duplicate', async () => {
    const p = await player(1000);
    const round = uid('round');
    const txId = uid('bet');
    await call('bet', { token: p.token, tx_id: txId, round_id: round, game_code: GAME, amount: 100 });
    expect(await call('bet', { token: p.token, tx_id: txId, round_id: round, game_code: GAME, amount: 150 })).toMatchObject({
      http: 409,
      status: 'DUPLICATE_TRANSACTION',
      balance: 900,
    });
    expect((await call('bet', { token: p.token, tx_id: txId, round_id: uid('other'), game_code: GAME, amount: 100 })).status).toBe(
      'DUPLICATE_TRANSACTION',
    );
    // A win reusing the bet's id is a duplicate too.
    expect((await call('win', { token: p.token, tx_id: txId, round_id: round, game_code: GAME, amount: 100 })).status).toBe(
      'DUPLICATE_TRANSACTION',
    );
    expect(await cashOf(p.id)).toBe(900);
  });

  it('refuses a win for a round it never saw, or for another player’s round', async () => {
    const p = await player(1000);
    const q = await player(1000);
    expect(await call('win', { token: p.token, tx_id: uid('win'), round_id: uid('ghost'), game_code: GAME, amount: 100 })).toMatchObject({
      http: 404,
      status: 'UNKNOWN_TRANSACTION',
    });
    const round = uid('round');
    await call('bet', { token: p.token, tx_id: uid('bet'), round_id: round, game_code: GAME, amount: 100 });
    expect((await call('win', { player_id: q.id, tx_id: uid('win'), round_id: round, game_code: GAME, amount: 5000 })).status).toBe(
      'UNKNOWN_TRANSACTION',
    );
    expect(await cashOf(q.id)).toBe(1000);
  });

  it('pays a win after the session ended, by player id', async () => {
    const p = await player(1000);
    const round = uid('round');
    await call('bet', { token: p.token, tx_id: uid('bet'), round_id: round, game_code: GAME, amount: 100 });
    await t.ctx.db
      .updateTable('game_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('member_id', '=', p.id)
      .execute();
    // By the expired token, and (another round) by member_id alone.
    expect((await call('win', { token: p.token, tx_id: uid('win'), round_id: round, game_code: GAME, amount: 300 })).status).toBe('OK');
    expect(await cashOf(p.id)).toBe(1200);
    const mismatch = await call('win', {
      token: p.token,
      member_id: p.id + 1,
      tx_id: uid('win'),
      round_id: round,
      game_code: GAME,
      amount: 1,
    });
    expect(mismatch).toMatchObject({ http: 422, status: 'INVALID_REQUEST' });
    expect((await call('win', { tx_id: uid('win'), round_id: round, game_code: GAME, amount: 1 })).status).toBe('INVALID_REQUEST');
    expect((await call('win', { member_id: 999_999_999, tx_id: uid('win'), round_id: round, game_code: GAME, amount: 1 })).status).toBe(
      'INVALID_REQUEST',
    );
  });
});

describe('rollbacks', () => {
  it('refunds an open bet once, and refuses a win after it', async () => {
    const p = await player(1000);
    const round = uid('round');
    const betId = uid('bet');
    await call('bet', { token: p.token, tx_id: betId, round_id: round, game_code: GAME, amount: 400 });
    const rb = { player_id: String(p.id), tx_id: uid('rb'), ref_tx_id: betId, round_id: round };
    expect(await call('rollback', rb)).toMatchObject({ status: 'OK', balance: 1000, replayed: false });
    expect(await call('rollback', rb)).toMatchObject({ status: 'OK', balance: 1000, replayed: true });
    expect(await cashOf(p.id)).toBe(1000);

    const late = await call('win', { player_id: p.id, tx_id: uid('win'), round_id: round, game_code: GAME, amount: 800 });
    expect(late).toMatchObject({ http: 409, status: 'BET_ROLLED_BACK', balance: 1000 });
    const row = await t.ctx.db
      .selectFrom('game_rounds')
      .select(['status', 'win_centavos'])
      .where('round_uid', '=', round)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'rolled_back', win_centavos: 0 });
  });

  it('answers UNKNOWN_TRANSACTION for a bet it never saw, and then refuses that bet when it arrives late', async () => {
    const p = await player(1000);
    const betId = uid('lost-bet');
    const round = uid('round');
    const rb = await call('rollback', { token: p.token, ref_tx_id: betId, round_id: round, game_code: GAME });
    expect(rb).toMatchObject({ http: 404, status: 'UNKNOWN_TRANSACTION', balance: 1000 });
    // The rollback retried answers the same.
    expect((await call('rollback', { token: p.token, ref_tx_id: betId, round_id: round })).status).toBe('UNKNOWN_TRANSACTION');
    const late = await call('bet', { token: p.token, tx_id: betId, round_id: round, game_code: GAME, amount: 300 });
    expect(late).toMatchObject({ status: 'BET_ROLLED_BACK', balance: 1000 });
    expect(await cashOf(p.id)).toBe(1000);
  });

  it('answers BET_ROLLED_BACK, not OK, when a bet is retried after its rollback', async () => {
    const p = await player(1000);
    const bet = { token: p.token, tx_id: uid('bet'), round_id: uid('round'), game_code: GAME, amount: 300 };
    expect((await call('bet', bet)).status).toBe('OK');
    expect((await call('rollback', { token: p.token, ref_tx_id: bet.tx_id })).status).toBe('OK');
    expect(await call('bet', bet)).toMatchObject({ http: 409, status: 'BET_ROLLED_BACK', balance: 1000 });
    expect(await cashOf(p.id)).toBe(1000);
  });

  it('refuses a new stake into a closed round, while the round’s own bet still replays', async () => {
    const p = await player(1000);
    const round = uid('round');
    const bet = { token: p.token, tx_id: uid('bet'), round_id: round, game_code: GAME, amount: 100 };
    await call('bet', bet);
    await call('win', { token: p.token, tx_id: uid('win'), round_id: round, game_code: GAME, amount: 0 });
    expect(await call('bet', bet)).toMatchObject({ status: 'OK', replayed: true, balance: 900 });
    const late = await call('bet', { ...bet, tx_id: uid('bet') });
    expect(late).toMatchObject({ http: 409, status: 'BET_ALREADY_SETTLED', balance: 900 });
    const betwin = {
      token: p.token,
      round_id: round,
      game_code: GAME,
      bet_tx_id: uid('bet'),
      bet_amount: 100,
      win_tx_id: uid('win'),
      win_amount: 0,
    };
    expect((await call('betwin', betwin)).status).toBe('BET_ALREADY_SETTLED');
    expect(await cashOf(p.id)).toBe(900);
  });

  it('refuses to roll back a bet that already has a win', async () => {
    const p = await player(1000);
    const round = uid('round');
    const betId = uid('bet');
    await call('bet', { token: p.token, tx_id: betId, round_id: round, game_code: GAME, amount: 100 });
    await call('win', { token: p.token, tx_id: uid('win'), round_id: round, game_code: GAME, amount: 250 });
    expect(await call('rollback', { token: p.token, ref_tx_id: betId })).toMatchObject({
      http: 409,
      status: 'BET_ALREADY_SETTLED',
      balance: 1150,
    });
    expect(await cashOf(p.id)).toBe(1150);
  });

  it('refuses a rollback naming another player’s bet', async () => {
    const p = await player(1000);
    const q = await player(0);
    const betId = uid('bet');
    await call('bet', { token: p.token, tx_id: betId, round_id: uid('round'), game_code: GAME, amount: 100 });
    expect((await call('rollback', { player_id: q.id, ref_tx_id: betId })).status).toBe('DUPLICATE_TRANSACTION');
    expect(await cashOf(q.id)).toBe(0);
    expect(await cashOf(p.id)).toBe(900);
  });
});

describe('bet+win in one call', () => {
  it('applies both together, once', async () => {
    const p = await player(1000);
    const call1 = {
      token: p.token,
      round_id: uid('round'),
      game_code: GAME,
      bet_tx_id: uid('bet'),
      bet_amount: 200,
      win_tx_id: uid('win'),
      win_amount: 500,
    };
    expect(await call('betwin', call1)).toMatchObject({ status: 'OK', balance: 1300, tx_id: call1.bet_tx_id, replayed: false });
    expect(await call('betwin', call1)).toMatchObject({ status: 'OK', balance: 1300, replayed: true });
    const row = await t.ctx.db.selectFrom('game_rounds').selectAll().where('round_uid', '=', call1.round_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ bet_centavos: 200, win_centavos: 500, status: 'settled' });
  });

  it('moves nothing when either half is refused', async () => {
    const p = await player(1000);
    const short = {
      token: p.token,
      round_id: uid('round'),
      game_code: GAME,
      bet_tx_id: uid('bet'),
      bet_amount: 2000,
      win_tx_id: uid('win'),
      win_amount: 5000,
    };
    expect(await call('betwin', short)).toMatchObject({ status: 'INSUFFICIENT_FUNDS', balance: 1000 });

    // The win's id is taken by an earlier bet: the whole call is a duplicate, the stake is not taken.
    const taken = uid('taken');
    await call('bet', { token: p.token, tx_id: taken, round_id: uid('round'), game_code: GAME, amount: 100 });
    const clash = {
      token: p.token,
      round_id: uid('round'),
      game_code: GAME,
      bet_tx_id: uid('bet'),
      bet_amount: 300,
      win_tx_id: taken,
      win_amount: 0,
    };
    expect(await call('betwin', clash)).toMatchObject({ status: 'DUPLICATE_TRANSACTION', balance: 900 });
    expect(await cashOf(p.id)).toBe(900);
    expect(await t.ctx.db.selectFrom('wallet_transactions').select('id').where('tx_id', '=', clash.bet_tx_id).execute()).toHaveLength(0);
    expect((await call('betwin', { ...clash, win_tx_id: clash.bet_tx_id })).status).toBe('INVALID_REQUEST');
  });
});

describe('bad input moves no money', () => {
  it('refuses malformed bodies, amounts, games and limits with INVALID_REQUEST', async () => {
    const p = await player(100_000);
    const base = { token: p.token, tx_id: uid('bet'), round_id: uid('round'), game_code: GAME, amount: 100 };
    const bad: Record<string, unknown>[] = [
      { ...base, amount: -100 },
      { ...base, amount: 10.5 },
      { ...base, amount: '100' },
      { ...base, amount: 2 ** 60 },
      { ...base, amount: 2001 }, // above the game's R$ 20,00
      { ...base, amount: 10 }, // below its R$ 0,50
      { ...base, tx_id: '' },
      { ...base, tx_id: 'x'.repeat(129) },
      { ...base, tx_id: 'has space' },
      { ...base, game_code: 'crash' }, // a house game, not this provider's
      { ...base, game_code: 'nope' },
      { ...base, game_code: OTHER_GAME }, // this provider's, but not the session's game
      { tx_id: base.tx_id, round_id: base.round_id, game_code: GAME, amount: 100 }, // a bet needs its session
      { ...base, bonus: true }, // a field the protocol does not have
    ];
    for (const body of bad) {
      const answer = await call('bet', body);
      expect(answer, JSON.stringify(body)).toMatchObject({ http: 422, status: 'INVALID_REQUEST', currency: 'BRL' });
    }
    expect((await call('bet', {}, { raw: '{"token":' })).status).toBe('INVALID_REQUEST');
    expect((await call('bet', {}, { raw: '[]' })).status).toBe('INVALID_REQUEST');
    expect((await call('jackpot', base)).status).toBe('INVALID_REQUEST');
    expect((await call('win', { ...base, amount: 100_000_000_001 })).status).toBe('INVALID_REQUEST');
    expect(await cashOf(p.id)).toBe(100_000);
    expect(await t.ctx.db.selectFrom('wallet_transactions').select('id').where('member_id', '=', p.id).execute()).toHaveLength(0);
  });
});

describe('two tabs', () => {
  it('bet the whole balance at once: exactly one stake is taken and the balance never goes below zero', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const p = await player(1000);
      const second = await t.app.inject({
        method: 'POST',
        url: API.day7Login,
        payload: { game_code: GAME },
        headers: bearer(p.memberToken),
      });
      const tab2 = new URL(second.json().data.url, 'http://x').searchParams.get('token')!;
      const answers = await Promise.all(
        [p.token, tab2, p.token, tab2].map((token) =>
          call('bet', { token, tx_id: uid('tab'), round_id: uid('round'), game_code: GAME, amount: 1000 }),
        ),
      );
      expect(answers.filter((a) => a.status === 'OK')).toHaveLength(1);
      expect(answers.filter((a) => a.status === 'INSUFFICIENT_FUNDS')).toHaveLength(3);
      expect(answers.every((a) => (a.balance ?? 0) >= 0)).toBe(true);
      expect(await cashOf(p.id)).toBe(0);
    }
  });
});

describe('a stake counted by its own insert', () => {
  /** The member's responsible-gaming counters of the São Paulo day (loss and wager limits read them). */
  async function usageOf(memberId: number) {
    const row = await t.ctx.db
      .selectFrom('responsible_usage')
      .select(['stake_centavos', 'win_centavos'])
      .where('member_id', '=', memberId)
      .where('day', '=', saoPauloDay(new Date().toISOString()))
      .executeTakeFirst();
    return row ?? { stake_centavos: 0, win_centavos: 0 };
  }

  it('takes a bet and pays a win in at most 8 statements of their own each, the ledger included, and counts them once on the day', async () => {
    const p = await player(1_000);
    // The provider's and the game's rows are read once a second; the first bet reads them.
    await call('bet', { token: p.token, tx_id: uid('bet'), round_id: uid('round'), game_code: GAME, amount: 100 });
    const bet = { token: p.token, tx_id: uid('bet'), round_id: uid('round'), game_code: GAME, amount: 300 };
    const { result, statements } = await recorder.during(() => call('bet', bet));
    expect(result).toMatchObject({ status: 'OK', balance: 600 });
    const work = workOf(unitOf(t.ctx.db, statements));
    expect(work.length).toBeLessThanOrEqual(8);
    expect(work.filter((s) => /responsible_usage/.test(s))).toEqual([]);

    const row = await t.ctx.db
      .selectFrom('wallet_transactions')
      .select(['kind', 'amount_centavos', 'usage_day'])
      .where('tx_id', '=', bet.tx_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ kind: 'bet', amount_centavos: 300, usage_day: saoPauloDay(new Date().toISOString()) });
    expect(await usageOf(p.id)).toEqual({ stake_centavos: 400, win_centavos: 0 });

    // A retry replays and counts nothing; a refused stake counts nothing; a win counts as a win.
    expect(await call('bet', bet)).toMatchObject({ status: 'OK', replayed: true });
    expect(await call('bet', { ...bet, tx_id: uid('bet'), round_id: uid('round'), amount: 700 })).toMatchObject({
      status: 'INSUFFICIENT_FUNDS',
    });
    const win = { token: p.token, tx_id: uid('win'), round_id: bet.round_id, game_code: GAME, amount: 500 };
    const paid = await recorder.during(() => call('win', win));
    expect(paid.result).toMatchObject({ status: 'OK', balance: 1_100 });
    // The win, the round settled, its stake counted as a valid bet and the day's figures: at most 8 too.
    const winWork = workOf(unitOf(t.ctx.db, paid.statements));
    expect(winWork.length).toBeLessThanOrEqual(8);
    expect(winWork.filter((s) => /responsible_usage/.test(s))).toEqual([]);
    const settled = await t.ctx.db
      .selectFrom('game_rounds')
      .select(['status', 'bet_centavos', 'win_centavos'])
      .where('round_uid', '=', bet.round_id)
      .executeTakeFirstOrThrow();
    expect(settled).toEqual({ status: 'settled', bet_centavos: 300, win_centavos: 500 });
    const winRow = await t.ctx.db
      .selectFrom('wallet_transactions')
      .select('usage_day')
      .where('tx_id', '=', win.tx_id)
      .executeTakeFirstOrThrow();
    expect(winRow.usage_day).toBe(saoPauloDay(new Date().toISOString()));
    expect(await usageOf(p.id)).toEqual({ stake_centavos: 400, win_centavos: 500 });

    // A rollback gives the stake back to the limits.
    const refunded = { token: p.token, tx_id: uid('bet'), round_id: uid('round'), game_code: GAME, amount: 700 };
    expect(await call('bet', refunded)).toMatchObject({ status: 'OK' });
    expect(await usageOf(p.id)).toEqual({ stake_centavos: 1_100, win_centavos: 500 });
    expect(await call('rollback', { player_id: String(p.id), ref_tx_id: refunded.tx_id, round_id: refunded.round_id })).toMatchObject({
      status: 'OK',
    });
    expect(await usageOf(p.id)).toEqual({ stake_centavos: 400, win_centavos: 500 });
  });
});

describe('a round paid by several wins', () => {
  it('counts its stake once, when it first closes, and keeps every win', async () => {
    const p = await player(1_000);
    const round = uid('round');
    const win = (amount: number, closed?: boolean) =>
      call('win', {
        token: p.token,
        tx_id: uid('win'),
        round_id: round,
        game_code: GAME,
        amount,
        ...(closed === undefined ? {} : { round_closed: closed }),
      });
    const totalBet = async () =>
      (await t.ctx.db.selectFrom('members').select('total_bet_centavos').where('id', '=', p.id).executeTakeFirstOrThrow())
        .total_bet_centavos;
    expect(await call('bet', { token: p.token, tx_id: uid('bet'), round_id: round, game_code: GAME, amount: 400 })).toMatchObject({
      status: 'OK',
    });
    expect(await win(100, false)).toMatchObject({ status: 'OK', balance: 700 });
    expect(await totalBet()).toBe(0);
    expect(await win(200)).toMatchObject({ status: 'OK', balance: 900 });
    expect(await totalBet()).toBe(400);
    // A late win into the settled round is paid; the stake is not counted again.
    expect(await win(50)).toMatchObject({ status: 'OK', balance: 950 });
    expect(await totalBet()).toBe(400);
    const row = await t.ctx.db
      .selectFrom('game_rounds')
      .select(['status', 'win_centavos'])
      .where('round_uid', '=', round)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'settled', win_centavos: 350 });
  });
});

describe('after all of it', () => {
  it('pushes the balance to the player’s open tabs after money moved', async () => {
    const p = await player(1000);
    const seen: unknown[] = [];
    const stop = t.ctx.realtime.subscribe(p.id, (message) => seen.push(message));
    await call('bet', { token: p.token, tx_id: uid('bet'), round_id: uid('round'), game_code: GAME, amount: 250 });
    stop();
    expect(seen).toContainEqual({ type: 'balance', data: expect.objectContaining({ money: '7.50' }) });
  });

  it('shows provider rounds in the member’s game records', async () => {
    const p = await player(1000);
    const round = uid('round');
    await call('bet', { token: p.token, tx_id: uid('bet'), round_id: round, game_code: GAME, amount: 150 });
    await call('win', { token: p.token, tx_id: uid('win'), round_id: round, game_code: GAME, amount: 600 });
    const records = await t.app.inject({
      method: 'POST',
      url: `${API.gameRecord}?lang=en`,
      payload: { range: 'today' },
      headers: bearer(p.memberToken),
    });
    expect(json(records).data.list[0]).toMatchObject({
      brand: 'Sandbox Studio',
      name: 'Lucky Tiger',
      bet_amount: '1.50',
      win_amount: '6.00',
      net_amount: '4.50',
      status: 'settled',
    });
  });

  it('leaves the ledger sound', async () => {
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });
});
