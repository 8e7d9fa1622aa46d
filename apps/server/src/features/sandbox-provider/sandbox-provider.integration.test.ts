import { centavos } from '@casino/shared/money';
import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { verifyLedger } from '../../platform/ledger/ledger-verify.ts';
import { cash, house } from '../../platform/ledger/ledger.service.ts';
import { transfer } from '../../platform/ledger/transfer.ts';
import { TIGRE_PAYS } from './sandbox-games.ts';
import { SandboxProvider } from './sandbox-provider.service.ts';
import { SeamlessWalletClient, type WalletTransport } from './wallet-client.ts';

/**
 * The built-in aggregator end to end: its page, its own API, and its server settling every stake
 * with the casino over real HTTP; then the aggregator's manners when answers get lost (retry the
 * same transaction, roll back a bet that never answered, keep a win until it is paid).
 */

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await createTestApp();
  const row = await t.ctx.db
    .selectFrom('game_providers')
    .select('wallet_secret')
    .where('plat_type', '=', 'sandbox')
    .executeTakeFirstOrThrow();
  secret = row.wallet_secret!;
});
afterAll(async () => {
  await t.close();
});

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

async function player(amount: number, game: string) {
  const m = await registerMember(t.app);
  if (amount > 0) {
    await transfer(t.ctx.db, {
      key: uid('deposit'),
      code: 'deposit',
      lines: [
        { account: house('psp_clearing'), amountCentavos: centavos(-amount) },
        { account: cash(m.id), amountCentavos: centavos(amount) },
      ],
    });
  }
  const launch = json(
    await t.app.inject({ method: 'POST', url: API.day7Login, payload: { game_code: game }, headers: bearer(m.token) }),
  ).data;
  return { id: m.id, memberToken: m.token, url: launch.url as string, token: new URL(launch.url, 'http://x').searchParams.get('token')! };
}

const providerApi = (path: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/sandbox-provider/api/${path}`, payload });

describe('the game page', () => {
  it('serves each game with its own script, framable by this site only', async () => {
    const p = await player(0, 'sandbox-keno-rapido');
    const page = await t.app.inject({ method: 'GET', url: `${p.url}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(page.body).toContain('<script src="/sandbox-provider/play.js" defer></script>');
    // No executable inline script: the configuration is a JSON data block.
    expect(page.body.match(/<script(?![^>]*(src=|type="application\/json"))/g)).toBeNull();
    const config = JSON.parse(/<script type="application\/json" id="config">(.*?)<\/script>/s.exec(page.body)![1]!);
    expect(config).toMatchObject({ game: 'sandbox-keno-rapido', kind: 'keno', token: p.token, title: 'Keno Rápido', rtp: '95.00' });
    expect(config.texts.draw).toBe('Sortear');

    const en = await t.app.inject({ method: 'GET', url: `${API.sandboxProviderPlay}?token=x&game=sandbox-pesca-dourada&lang=en` });
    expect(en.body).toContain('<title>Golden Catch · Sandbox Studio</title>');
    const script = await t.app.inject({ method: 'GET', url: '/sandbox-provider/play.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect((await t.app.inject({ method: 'GET', url: `${API.sandboxProviderPlay}?token=x&game=crash` })).statusCode).toBe(404);
  });

  it('escapes what it embeds', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `${API.sandboxProviderPlay}?token=${encodeURIComponent('</script><b>')}&game=sandbox-tigre-sortudo`,
    });
    expect(page.body).not.toContain('</script><b>');
  });
});

describe('playing over real HTTP', () => {
  it('settles every round with the wallet: stake, outcome, win, balance and game record agree', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // The test talks to the provider through inject; any TCP connection is the provider calling the wallet.
    let connections = 0;
    t.app.server.on('connection', () => connections++);
    const p = await player(10_000, 'sandbox-tigre-sortudo');
    const session = json(await providerApi('session', { token: p.token, game: 'sandbox-tigre-sortudo' }));
    expect(session).toMatchObject({ ok: true, balance: 10_000 });

    let expected = 10_000;
    for (let i = 0; i < 12; i++) {
      const round = (await providerApi('play', { token: p.token, game: 'sandbox-tigre-sortudo', stake: 100, lang: 'en' })).json();
      expect(round.ok).toBe(true);
      expect(round.win_pending).toBe(false);
      expected += round.win - 100;
      expect(round.win).toBe((100 * round.outcome.multiplierX100) / 100);
      expect(round.balance).toBe(expected);
      const rows = await t.ctx.db
        .selectFrom('wallet_transactions')
        .select(['kind', 'amount_centavos'])
        .where('round_uid', '=', round.round_id)
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { kind: 'bet', amount_centavos: 100 },
        { kind: 'win', amount_centavos: round.win },
      ]);
    }
    expect(await cashOf(p.id)).toBe(expected);
    expect(connections).toBeGreaterThan(0);
    const records = json(
      await t.app.inject({ method: 'POST', url: API.gameRecord, payload: { range: 'today' }, headers: bearer(p.memberToken) }),
    ).data;
    expect(records.total).toBe(12);
    expect(records.list.every((r: { status: string; brand: string }) => r.status === 'settled' && r.brand === 'Sandbox Studio')).toBe(true);

    // Keno and the fishing game through the same path.
    const k = await player(5_000, 'sandbox-keno-rapido');
    const keno = (await providerApi('play', { token: k.token, game: 'sandbox-keno-rapido', stake: 200, picks: [3, 14, 27] })).json();
    expect(keno.ok).toBe(true);
    expect(keno.outcome.drawn).toHaveLength(10);
    expect(await cashOf(k.id)).toBe(5_000 - 200 + keno.win);
    const f = await player(5_000, 'sandbox-pesca-dourada');
    const fish = (await providerApi('play', { token: f.token, game: 'sandbox-pesca-dourada', stake: 50, spot: 3 })).json();
    expect(fish).toMatchObject({ ok: true, outcome: { spot: 3 } });
    expect(await cashOf(f.id)).toBe(5_000 - 50 + fish.win);
  });

  it('passes the wallet’s refusals on to the player, and refuses bad input itself', async () => {
    const p = await player(100, 'sandbox-tigre-sortudo');
    const short = await providerApi('play', { token: p.token, game: 'sandbox-tigre-sortudo', stake: 200, lang: 'en' });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({
      ok: false,
      error: 'INSUFFICIENT_FUNDS',
      balance: 100,
      message: 'Not enough balance for this stake.',
    });

    expect((await providerApi('play', { token: p.token, game: 'sandbox-tigre-sortudo', stake: 123 })).json().error).toBe('STAKE_INVALID');
    // The session is for the slot: the wallet refuses a keno stake on it.
    expect((await providerApi('play', { token: p.token, game: 'sandbox-keno-rapido', stake: 50, picks: [1] })).statusCode).toBe(400);
    expect((await providerApi('play', { token: p.token, game: 'sandbox-keno-rapido', stake: 50, picks: [1, 1] })).json().message).toBe(
      'Escolha de 1 a 6 números.',
    );
    expect((await providerApi('play', { token: p.token, game: 'crash', stake: 50 })).statusCode).toBe(404);
    expect((await providerApi('play', { token: p.token, game: 'sandbox-tigre-sortudo', stake: -5 })).statusCode).toBe(422);

    const expired = await providerApi('session', { token: 'not-a-session', game: 'sandbox-tigre-sortudo', lang: 'en' });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Session ended. Go back to the casino and open the game again.');
    expect(await cashOf(p.id)).toBe(100);
  });
});

/** A transport to the wallet that loses requests or answers on purpose, per action, in order. */
function faultyTransport(
  faults: Record<string, ('lost-request' | 'lost-answer')[]>,
  delivered: { action: string; body: string }[],
): WalletTransport {
  return async (request) => {
    const action = request.path.split('/').pop()!;
    const fault = faults[action]?.shift();
    if (fault === 'lost-request') throw new Error('timeout (the request never arrived)');
    const response = await t.app.inject({ method: 'POST', url: request.path, payload: request.body, headers: request.headers });
    delivered.push({ action, body: request.body });
    if (fault === 'lost-answer') throw new Error('timeout (the answer never came back)');
    return { status: response.statusCode, body: response.body };
  };
}

function aggregator(faults: Record<string, ('lost-request' | 'lost-answer')[]>) {
  const delivered: { action: string; body: string }[] = [];
  const wallet = new SeamlessWalletClient({
    platType: 'sandbox',
    secret: async () => secret,
    transport: faultyTransport(faults, delivered),
    retries: 2,
    backoffMs: 1,
  });
  // The RNG always stops on the tigers: every round wins 120x, so a lost win would show.
  return { provider: new SandboxProvider(wallet, () => 11), delivered };
}

const BIG_WIN = (100 * TIGRE_PAYS.tiger) / 100;

describe('an aggregator when answers get lost', () => {
  it('retries a bet whose answer was lost with the same transaction: one stake taken', async () => {
    const p = await player(1_000, 'sandbox-tigre-sortudo');
    const { provider, delivered } = aggregator({ bet: ['lost-answer', 'lost-answer'] });
    const result = await provider.playRound(p.token, 'sandbox-tigre-sortudo', 100, {});
    expect(result).toMatchObject({ ok: true, winCentavos: BIG_WIN, balanceCentavos: 1_000 - 100 + BIG_WIN });
    expect(delivered.filter((d) => d.action === 'bet')).toHaveLength(3);
    expect(new Set(delivered.filter((d) => d.action === 'bet').map((d) => d.body)).size).toBe(1);
    expect(await cashOf(p.id)).toBe(1_000 - 100 + BIG_WIN);
  });

  it('rolls back a bet that never arrived, and the late bet is then refused', async () => {
    const p = await player(1_000, 'sandbox-tigre-sortudo');
    const { provider, delivered } = aggregator({ bet: ['lost-request', 'lost-request', 'lost-request'] });
    const result = await provider.playRound(p.token, 'sandbox-tigre-sortudo', 100, {});
    expect(result).toMatchObject({ ok: false, error: 'CONNECTION', balanceCentavos: 1_000 });
    const rollback = delivered.find((d) => d.action === 'rollback')!;
    const betTxId = JSON.parse(rollback.body).ref_tx_id;
    // The bet shows up after all (a slow network): the wallet remembers the rollback.
    const late = new SeamlessWalletClient({ platType: 'sandbox', secret: async () => secret, transport: faultyTransport({}, []) });
    const answer = await late.call('bet', {
      token: p.token,
      tx_id: betTxId,
      round_id: betTxId.replace(/:bet$/, ''),
      game_code: 'sandbox-tigre-sortudo',
      amount: 100,
    });
    expect(answer).toMatchObject({ status: 'BET_ROLLED_BACK', balance: 1_000 });
    expect(await cashOf(p.id)).toBe(1_000);
  });

  it('rolls back a bet that was taken but never answered: the stake comes back', async () => {
    const p = await player(1_000, 'sandbox-tigre-sortudo');
    const { provider } = aggregator({ bet: ['lost-answer', 'lost-answer', 'lost-answer'] });
    const result = await provider.playRound(p.token, 'sandbox-tigre-sortudo', 100, {});
    expect(result).toMatchObject({ ok: false, error: 'CONNECTION', balanceCentavos: 1_000 });
    expect(await cashOf(p.id)).toBe(1_000);
    const round = await t.ctx.db.selectFrom('game_rounds').select('status').where('member_id', '=', p.id).executeTakeFirstOrThrow();
    expect(round.status).toBe('rolled_back');
  });

  it('retries a win whose answer was lost: paid once', async () => {
    const p = await player(1_000, 'sandbox-tigre-sortudo');
    const { provider, delivered } = aggregator({ win: ['lost-answer', 'lost-answer'] });
    const result = await provider.playRound(p.token, 'sandbox-tigre-sortudo', 100, {});
    expect(result).toMatchObject({ ok: true, winPending: false, balanceCentavos: 900 + BIG_WIN });
    expect(delivered.filter((d) => d.action === 'win')).toHaveLength(3);
    expect(await cashOf(p.id)).toBe(900 + BIG_WIN);
  });

  it('keeps a win that could not be delivered and pays it when the wallet is back', async () => {
    const p = await player(1_000, 'sandbox-tigre-sortudo');
    const { provider } = aggregator({ win: ['lost-request', 'lost-request', 'lost-request', 'lost-request'] });
    const result = await provider.playRound(p.token, 'sandbox-tigre-sortudo', 100, {});
    expect(result).toMatchObject({ ok: true, winPending: true, winCentavos: BIG_WIN, balanceCentavos: 900 });
    expect(provider.pendingCount).toBe(1);
    const open = await t.ctx.db.selectFrom('game_rounds').select('status').where('member_id', '=', p.id).executeTakeFirstOrThrow();
    expect(open.status).toBe('open'); // the stake is held in an open round, not lost

    expect(await provider.flushPending()).toBe(1);
    expect(provider.pendingCount).toBe(0);
    expect(await cashOf(p.id)).toBe(900 + BIG_WIN);
    const settled = await t.ctx.db
      .selectFrom('game_rounds')
      .select(['status', 'win_centavos'])
      .where('member_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(settled).toEqual({ status: 'settled', win_centavos: BIG_WIN });
  });

  it('leaves the ledger sound', async () => {
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });
});
