import { centavos } from '@casino/shared/money';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../db/database.ts';
import { adminToken, bearer, createTestApp, json, registerMember, type TestApp } from '../../../test/test-app.ts';
import { credit, debit, type RoundRef, rollback, runWallet, settleLost } from '../../wallet/wallet.service.ts';

/**
 * The back office's games API on a real database (SQLite and PostgreSQL): catalogue edits with
 * their audit trail and validation, providers without secrets, per-game results from rounds the
 * wallet core really played, and the round lookup operators use in disputes.
 */

let t: TestApp;
let admin: string;
const tag = randomBytes(3).toString('hex');

type Provider = { id: number; plat_type: string };
type Game = { id: number; code: string; category: string };
let house: Provider;
let external: Provider;
let houseDice: Game;
let externalSlot: Game;
let externalLive: Game;

async function makeProvider(kind: 'house' | 'external', name: string, secret: string | null): Promise<Provider> {
  const now = nowIso();
  const plat_type = `${kind === 'house' ? 'h' : 'x'}${tag}`;
  const row = await t.ctx.db
    .insertInto('game_providers')
    .values({ plat_type, name, kind, launch_url: null, wallet_secret: secret, logo_url: null, sort: 500, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, plat_type };
}

async function makeGame(
  provider: Provider,
  values: { code: string; category: string; name: string; names?: Record<string, string>; rtp_bp: number; sort: number },
): Promise<Game> {
  const now = nowIso();
  const code = `${values.code}-${tag}`;
  const row = await t.ctx.db
    .insertInto('games')
    .values({
      code,
      provider_id: provider.id,
      category: values.category,
      name: values.name,
      names_json: JSON.stringify(values.names ?? {}),
      tags_json: JSON.stringify(['originals']),
      thumbnail: `/static/games/${values.code}.svg`,
      rtp_bp: values.rtp_bp,
      min_bet_centavos: 10,
      max_bet_centavos: 100_000,
      sort: values.sort,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, code, category: values.category };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  house = await makeProvider('house', 'Casa de testes', null);
  external = await makeProvider('external', 'Agregador de testes', `secret-${tag}-do-not-leak`);
  houseDice = await makeGame(house, {
    code: 'dice',
    category: 'arcade',
    name: 'Dice',
    names: { pt: 'Dados', en: 'Dice' },
    rtp_bp: 9900,
    sort: 10,
  });
  externalSlot = await makeGame(external, {
    code: 'acao',
    category: 'slots',
    name: 'Jungle Action',
    names: { pt: 'Ação na Selva', en: 'Jungle Action' },
    rtp_bp: 9600,
    sort: 20,
  });
  externalLive = await makeGame(external, { code: 'roleta', category: 'live', name: 'Live Roulette', rtp_bp: 9730, sort: 30 });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const patch = (url: string, payload: unknown, token = admin) =>
  t.app.inject({ method: 'PATCH', url, payload: payload as object, headers: bearer(token) });

async function operatorToken(role: string): Promise<string> {
  const username = `${role}.${tag}`;
  const password = `${role}-Secret-${tag}`;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/operators',
    payload: { username, password, role },
    headers: bearer(admin),
  });
  expect(created.statusCode, created.body).toBe(200);
  const login = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { username, password } });
  return json(login).data.token;
}

async function fundedMember(reais: string) {
  const member = await registerMember(t.app);
  const adjusted = await t.app.inject({
    method: 'POST',
    url: `/api/admin/members/${member.id}/adjust`,
    payload: { direction: 'credit', amount: reais, reason: 'test funds' },
    headers: { ...bearer(admin), 'idempotency-key': `fund-${member.id}` },
  });
  expect(adjusted.statusCode, adjusted.body).toBe(200);
  return member;
}

const roundRef = (provider: Provider, game: Game, memberId: number, roundUid: string): RoundRef => ({
  providerId: provider.id,
  platType: provider.plat_type,
  gameId: game.id,
  category: game.category,
  memberId,
  roundUid,
});

/** A round played through the wallet core: stake, then a win (zero closes it as lost). */
async function playRound(provider: Provider, game: Game, memberId: number, roundUid: string, betCentavos: number, winCentavos: number) {
  const ref = roundRef(provider, game, memberId, roundUid);
  const bet = await runWallet(t.ctx.db, memberId, (trx) =>
    debit(trx, ref, { txId: `${roundUid}-bet`, amountCentavos: centavos(betCentavos) }),
  );
  expect(bet.ok).toBe(true);
  const win = await runWallet(t.ctx.db, memberId, (trx) =>
    credit(trx, ref, { txId: `${roundUid}-win`, amountCentavos: centavos(winCentavos) }),
  );
  expect(win.ok).toBe(true);
  return bet.ok ? bet.roundId : 0;
}

async function auditOf(action: string, targetId: number) {
  return json(await get(`/api/admin/audit-log?action=${action}&target_id=${targetId}`)).data.list as {
    operator_username: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  }[];
}

describe('permissions', () => {
  it('asks for an operator session and the right permission on every endpoint', async () => {
    const member = await registerMember(t.app);
    for (const url of ['/api/admin/games', '/api/admin/game-providers', '/api/admin/game-results', '/api/admin/game-rounds/1']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await get(url, member.token)).statusCode).toBe(401);
    }
    // support may look rounds up for disputes but not see the catalogue; finance reads, marketing manages.
    const support = await operatorToken('support');
    expect((await get('/api/admin/games', support)).statusCode).toBe(403);
    expect((await get('/api/admin/game-results', support)).statusCode).toBe(403);
    expect((await get('/api/admin/game-rounds/999999999', support)).statusCode).toBe(404);
    const finance = await operatorToken('finance');
    expect((await get('/api/admin/games', finance)).statusCode).toBe(200);
    expect((await patch(`/api/admin/games/${externalLive.id}`, { is_popular: true }, finance)).statusCode).toBe(403);
    expect((await patch(`/api/admin/game-providers/${external.id}`, { sort: 1 }, finance)).statusCode).toBe(403);
    expect((await get('/api/admin/game-rounds/1', finance)).statusCode).toBe(403);
    const marketing = await operatorToken('marketing');
    const saved = await patch(`/api/admin/games/${externalLive.id}?lang=en`, { is_popular: true }, marketing);
    expect(saved.statusCode).toBe(200);
    expect(json(saved).message).toBe('Game saved');
    const audit = await auditOf('game.update', externalLive.id);
    expect(audit[0]).toMatchObject({ operator_username: `marketing.${tag}`, before: { is_popular: false }, after: { is_popular: true } });
  });
});

describe('games', () => {
  it('lists games with their provider, filtered by provider, category, enabled and an accent-blind name', async () => {
    const page = json(await get(`/api/admin/games?plat_type=x${tag}`)).data;
    expect(page.total).toBe(2);
    expect(page.list.map((g: { code: string }) => g.code)).toEqual([externalSlot.code, externalLive.code]);
    expect(page.list[0]).toMatchObject({
      name: 'Jungle Action',
      names: { pt: 'Ação na Selva', en: 'Jungle Action' },
      category: 'slots',
      plat_type: `x${tag}`,
      provider_name: 'Agregador de testes',
      is_house: false,
      rtp: '96.00',
      rtp_bp: 9600,
      rtp_editable: true,
      min_bet: '0.10',
      max_bet: '1000.00',
      tags: ['originals'],
      enabled: true,
    });
    const houseGames = json(await get(`/api/admin/games?plat_type=h${tag}`)).data;
    expect(houseGames.list[0]).toMatchObject({ code: houseDice.code, is_house: true, rtp_editable: false, rtp: '99.00' });

    const byCategory = json(await get(`/api/admin/games?plat_type=x${tag}&category=live`)).data;
    expect(byCategory.list.map((g: { id: number }) => g.id)).toEqual([externalLive.id]);
    for (const name of ['acao na selva', 'AÇÃO', 'jungle', `acao-${tag}`]) {
      const found = json(await get(`/api/admin/games?name=${encodeURIComponent(name)}`)).data;
      expect(
        found.list.map((g: { id: number }) => g.id),
        name,
      ).toEqual([externalSlot.id]);
    }
    const paged = json(await get(`/api/admin/games?plat_type=x${tag}&page=2&page_size=1`)).data;
    expect(paged).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(paged.list[0].id).toBe(externalLive.id);

    for (const bad of ['category=poker', 'enabled=maybe', 'page_size=1000', 'page=0', `name=${'x'.repeat(65)}`]) {
      expect((await get(`/api/admin/games?${bad}`)).statusCode, bad).toBe(422);
    }
  });

  it('disables and re-enables a game, audited with before and after; the enabled filter follows', async () => {
    const game = await makeGame(external, { code: 'toggle', category: 'fish', name: 'Toggle Fish', rtp_bp: 9500, sort: 40 });
    const off = await patch(`/api/admin/games/${game.id}`, { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(json(off).data).toMatchObject({ id: game.id, enabled: false });
    const disabled = json(await get(`/api/admin/games?plat_type=x${tag}&enabled=0`)).data;
    expect(disabled.list.map((g: { id: number }) => g.id)).toEqual([game.id]);
    const enabled = json(await get(`/api/admin/games?plat_type=x${tag}&enabled=true`)).data;
    expect(enabled.list.map((g: { id: number }) => g.id)).not.toContain(game.id);
    const row = await t.ctx.db.selectFrom('games').select('enabled').where('id', '=', game.id).executeTakeFirstOrThrow();
    expect(row.enabled).toBe(0);

    await patch(`/api/admin/games/${game.id}`, { enabled: true });
    // Saving what is already there changes nothing and leaves no audit row.
    const same = await patch(`/api/admin/games/${game.id}`, { enabled: true, sort: 40, name: 'Toggle Fish' });
    expect(json(same).data).toMatchObject({ enabled: true, sort: 40 });
    const audit = await auditOf('game.update', game.id);
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({ operator_username: 'admin', before: { enabled: true }, after: { enabled: false } });
    expect(audit[0]).toMatchObject({ before: { enabled: false }, after: { enabled: true } });
  });

  it('edits sort, tags, flags, thumbnail, names and bet limits in one call', async () => {
    const game = await makeGame(external, {
      code: 'edit',
      category: 'card',
      name: 'Poker Night',
      names: { pt: 'Noite de Pôquer', en: 'Poker Night' },
      rtp_bp: 9700,
      sort: 50,
    });
    const saved = await patch(`/api/admin/games/${game.id}`, {
      sort: 5,
      tags: ['Hot', 'new', 'hot'],
      is_popular: true,
      is_promotion: true,
      thumbnail: '/static/games/poker-night.webp',
      name: 'Poker Night Deluxe',
      names: { pt: 'Noite de Pôquer Deluxe', en: '', tr: 'Poker Gecesi' },
      min_bet: '0.50',
      max_bet: 250,
      rtp: '95.5',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved).data).toMatchObject({
      sort: 5,
      tags: ['hot', 'new'],
      is_popular: true,
      is_promotion: true,
      thumbnail: '/static/games/poker-night.webp',
      name: 'Poker Night Deluxe',
      names: { pt: 'Noite de Pôquer Deluxe', tr: 'Poker Gecesi' },
      min_bet: '0.50',
      max_bet: '250.00',
      rtp: '95.50',
      rtp_bp: 9550,
    });
    expect(json(saved).data.names).not.toHaveProperty('en');
    const row = await t.ctx.db.selectFrom('games').selectAll().where('id', '=', game.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sort: 5, min_bet_centavos: 50, max_bet_centavos: 25_000, rtp_bp: 9550, is_popular: 1, is_promotion: 1 });
    const [audit] = await auditOf('game.update', game.id);
    expect(audit?.before).toMatchObject({ min_bet: '0.10', max_bet: '1000.00', rtp: '97.00', tags: ['originals'] });
    expect(audit?.after).toMatchObject({ min_bet: '0.50', max_bet: '250.00', rtp: '95.50', tags: ['hot', 'new'] });
  });

  it('refuses bad input with a translated field message and changes nothing', async () => {
    const game = await makeGame(external, { code: 'strict', category: 'bingo', name: 'Bingo Strict', rtp_bp: 9400, sort: 60 });
    const before = await t.ctx.db.selectFrom('games').selectAll().where('id', '=', game.id).executeTakeFirstOrThrow();
    const cases: [unknown, string, string][] = [
      [{ min_bet: '2000.00' }, 'min_bet', 'The minimum bet cannot be above the maximum bet'],
      [{ max_bet: '0.05' }, 'max_bet', 'The minimum bet cannot be above the maximum bet'],
      [{ min_bet: '5', max_bet: '4.99' }, 'max_bet', 'The minimum bet cannot be above the maximum bet'],
      [{ min_bet: -1 }, 'min_bet', 'Enter an amount in reais with at most two decimals, greater than zero'],
      [{ min_bet: '0.001' }, 'min_bet', 'Enter an amount in reais with at most two decimals, greater than zero'],
      [{ max_bet: 0 }, 'max_bet', 'Enter an amount in reais with at most two decimals, greater than zero'],
      [{ max_bet: 1e30 }, 'max_bet', 'Enter an amount in reais with at most two decimals, greater than zero'],
      [{ rtp: '84.99' }, 'rtp', 'Enter an RTP between 85.00 and 100.00 (percent, at most two decimals)'],
      [{ rtp: '100.01' }, 'rtp', 'Enter an RTP between 85.00 and 100.00 (percent, at most two decimals)'],
      [{ rtp: '96.555' }, 'rtp', 'Enter an RTP between 85.00 and 100.00 (percent, at most two decimals)'],
      [{ tags: ['ok', 'not ok'] }, 'tags.1', 'Tags have 1 to 32 lower-case letters, digits, dashes or underscores'],
      [{ tags: Array.from({ length: 13 }, (_, i) => `t${i}`) }, 'tags', 'This value is too long'],
      [
        { thumbnail: 'javascript:alert(1)' },
        'thumbnail',
        'Use an image path on this site, starting with / and ending in .svg, .png, .webp, .jpg or .avif',
      ],
      [
        { thumbnail: 'https://evil.example/x.png' },
        'thumbnail',
        'Use an image path on this site, starting with / and ending in .svg, .png, .webp, .jpg or .avif',
      ],
      [
        { thumbnail: '/static/../../etc/passwd.png' },
        'thumbnail',
        'Use an image path on this site, starting with / and ending in .svg, .png, .webp, .jpg or .avif',
      ],
      [
        { thumbnail: '/static/games/x.html' },
        'thumbnail',
        'Use an image path on this site, starting with / and ending in .svg, .png, .webp, .jpg or .avif',
      ],
      [{ name: '   ' }, 'name', 'This field is required'],
      [{ names: { xx: 'Nome' } }, 'names.xx', 'This field is not allowed'],
      [{ names: { pt: 'n'.repeat(101) } }, 'names.pt', 'This value is too long'],
      [{ sort: 1.5 }, 'sort', 'This value is not valid'],
      [{ sort: -1 }, 'sort', 'This value is not valid'],
      [{ enabled: 'yes' }, 'enabled', 'Wrong type'],
      [{ rtp_bp: 9999 }, 'rtp_bp', 'This field is not allowed'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await patch(`/api/admin/games/${game.id}?lang=en`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      const errors = json(response).errors ?? {};
      expect(Object.keys(errors), JSON.stringify(payload)).toContain(field);
      expect(errors[field]?.[0], JSON.stringify(payload)).toBe(message);
    }
    const pt = await patch(`/api/admin/games/${game.id}`, { min_bet: '2000' });
    expect(json(pt).message).toBe('A aposta mínima não pode ser maior que a aposta máxima');
    const after = await t.ctx.db.selectFrom('games').selectAll().where('id', '=', game.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(await auditOf('game.update', game.id)).toHaveLength(0);
  });

  it("keeps a house game's RTP read-only and answers 404 for an unknown game", async () => {
    const refused = await patch(`/api/admin/games/${houseDice.id}?lang=en`, { rtp: '99.50' });
    expect(refused.statusCode).toBe(422);
    expect(json(refused).errors?.rtp).toEqual(["A house game's RTP comes from its maths and cannot be changed here"]);
    const row = await t.ctx.db.selectFrom('games').select('rtp_bp').where('id', '=', houseDice.id).executeTakeFirstOrThrow();
    expect(row.rtp_bp).toBe(9900);
    // Everything else of a house game can be changed.
    expect((await patch(`/api/admin/games/${houseDice.id}`, { sort: 11, max_bet: '500' })).statusCode).toBe(200);
    expect((await patch('/api/admin/games/999999999', { enabled: false })).statusCode).toBe(404);
    expect((await patch('/api/admin/games/abc', { enabled: false })).statusCode).toBe(422);
  });
});

describe('hostile input', () => {
  const HOSTILE: unknown[] = [
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '\u0000',
    '../../etc/passwd',
    '😀'.repeat(40),
    null,
    [],
    {},
    1e308,
    -0,
    true,
  ];

  it('never answers 500 and never half-writes a game or a provider', async () => {
    const game = await makeGame(external, { code: 'hostile', category: 'arcade', name: 'Hostile', rtp_bp: 9600, sort: 80 });
    const fields = ['name', 'names', 'tags', 'thumbnail', 'enabled', 'sort', 'is_popular', 'is_promotion', 'min_bet', 'max_bet', 'rtp'];
    for (const field of fields) {
      for (const value of HOSTILE) {
        const response = await patch(`/api/admin/games/${game.id}?lang=en`, { [field]: value });
        expect([200, 422], `${field}=${JSON.stringify(value)}`).toContain(response.statusCode);
      }
    }
    for (const field of ['name', 'enabled', 'sort']) {
      for (const value of HOSTILE) {
        const response = await patch(`/api/admin/game-providers/${house.id}?lang=en`, { [field]: value });
        expect([200, 422], `${field}=${JSON.stringify(value)}`).toContain(response.statusCode);
      }
    }
    for (const text of HOSTILE.filter((v): v is string => typeof v === 'string')) {
      const q = encodeURIComponent(text);
      for (const url of [
        `/api/admin/games?name=${q}`,
        `/api/admin/games?plat_type=${q}`,
        `/api/admin/game-results?plat_type=${q}`,
        `/api/admin/game-rounds/${q}`,
      ]) {
        expect([200, 404, 422], url).toContain((await get(url)).statusCode);
      }
    }
    // Whatever was accepted is still a valid game: names and tags are plain strings, bets ordered.
    const row = await t.ctx.db.selectFrom('games').selectAll().where('id', '=', game.id).executeTakeFirstOrThrow();
    expect(row.min_bet_centavos).toBeLessThanOrEqual(row.max_bet_centavos);
    expect(Object.values(JSON.parse(row.names_json)).every((v) => typeof v === 'string')).toBe(true);
    expect(JSON.parse(row.tags_json).every((v: unknown) => typeof v === 'string')).toBe(true);
    const provider = await t.ctx.db.selectFrom('game_providers').selectAll().where('id', '=', house.id).executeTakeFirstOrThrow();
    expect(provider.name.length).toBeGreaterThan(0);
  });

  it('lists the endpoints in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    for (const path of [
      '/api/admin/games',
      '/api/admin/games/{id}',
      '/api/admin/game-providers',
      '/api/admin/game-results',
      '/api/admin/game-rounds/{id}',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });
});

describe('providers', () => {
  it('lists providers with game counts and never the wallet secret', async () => {
    const response = await get('/api/admin/game-providers');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(`secret-${tag}`);
    expect(response.body).not.toContain('"wallet_secret"');
    const list = json(response).data as { id: number; has_wallet_secret: boolean; game_count: number; kind: string }[];
    const ext = list.find((p) => p.id === external.id);
    expect(ext).toMatchObject({ plat_type: `x${tag}`, kind: 'external', has_wallet_secret: true, name: 'Agregador de testes' });
    expect(ext?.game_count).toBeGreaterThanOrEqual(2);
    expect(list.find((p) => p.id === house.id)).toMatchObject({
      kind: 'house',
      has_wallet_secret: false,
      game_count: 1,
      enabled_game_count: 1,
    });
  });

  it('renames, reorders and disables a provider, audited without the secret', async () => {
    const saved = await patch(`/api/admin/game-providers/${external.id}?lang=en`, { name: 'Agregador Renomeado', sort: 7, enabled: false });
    expect(saved.statusCode).toBe(200);
    expect(json(saved)).toMatchObject({ message: 'Provider saved', data: { name: 'Agregador Renomeado', sort: 7, enabled: false } });
    const [audit] = await auditOf('provider.update', external.id);
    expect(audit).toMatchObject({ before: { enabled: true, sort: 500 }, after: { enabled: false, sort: 7, name: 'Agregador Renomeado' } });
    expect(JSON.stringify(audit)).not.toContain(`secret-${tag}`);
    // The games of a disabled provider say so.
    const games = json(await get(`/api/admin/games?plat_type=x${tag}`)).data;
    expect(games.list[0].provider_enabled).toBe(false);
    await patch(`/api/admin/game-providers/${external.id}`, { enabled: true, name: 'Agregador de testes', sort: 500 });

    for (const bad of [{ name: '' }, { sort: 'first' }, { enabled: 1 }, { wallet_secret: 'x' }, { name: 'n'.repeat(65) }]) {
      expect((await patch(`/api/admin/game-providers/${external.id}`, bad)).statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect((await patch('/api/admin/game-providers/999999999', { enabled: false })).statusCode).toBe(404);
  });
});

describe('results', () => {
  it('sums settled rounds per game over Brazilian days: rounds, players, bets, wins, GGR and RTP', async () => {
    const [alice, bruno] = [await fundedMember('500'), await fundedMember('500')];
    await playRound(external, externalSlot, alice.id, `r-a1-${tag}`, 1_000, 2_500);
    await playRound(external, externalSlot, alice.id, `r-a2-${tag}`, 1_000, 0);
    await playRound(external, externalSlot, bruno.id, `r-b1-${tag}`, 2_000, 1_000);
    await playRound(external, externalLive, bruno.id, `r-b2-${tag}`, 500, 0);
    // Neither an open round nor a rolled-back one counts.
    const open = roundRef(external, externalSlot, alice.id, `r-open-${tag}`);
    await runWallet(t.ctx.db, alice.id, (trx) => debit(trx, open, { txId: `r-open-${tag}-bet`, amountCentavos: centavos(7_000) }));
    const refunded = roundRef(external, externalLive, alice.id, `r-rb-${tag}`);
    await runWallet(t.ctx.db, alice.id, (trx) => debit(trx, refunded, { txId: `r-rb-${tag}-bet`, amountCentavos: centavos(3_000) }));
    const rolled = await runWallet(t.ctx.db, alice.id, (trx) =>
      rollback(trx, {
        providerId: external.id,
        platType: external.plat_type,
        memberId: alice.id,
        txId: `r-rb-${tag}-rb`,
        refTxId: `r-rb-${tag}-bet`,
      }),
    );
    expect(rolled.ok).toBe(true);

    const results = json(await get(`/api/admin/game-results?plat_type=x${tag}&lang=en`)).data;
    expect(results.time_zone).toBe('America/Sao_Paulo');
    expect(results.list.map((r: { game_id: number }) => r.game_id)).toEqual([externalSlot.id, externalLive.id]);
    expect(results.list[0]).toMatchObject({
      code: externalSlot.code,
      name: 'Jungle Action',
      rounds: 3,
      players: 2,
      total_bet: '40.00',
      total_win: '35.00',
      ggr: '5.00',
      observed_rtp: '87.50',
      declared_rtp: '96.00',
      deviation: null,
    });
    expect(results.list[1]).toMatchObject({
      rounds: 1,
      players: 1,
      total_bet: '5.00',
      total_win: '0.00',
      ggr: '5.00',
      observed_rtp: '0.00',
    });
    expect(results.totals).toEqual({ rounds: 4, players: 2, total_bet: '45.00', total_win: '35.00', ggr: '10.00', observed_rtp: '77.78' });
    // The game's name in the reader's language.
    const pt = json(await get(`/api/admin/game-results?plat_type=x${tag}`)).data;
    expect(pt.list[0].name).toBe('Ação na Selva');
  });

  it('flags a game whose declared RTP lies outside the 99% interval of many rounds, and counts a house game apart', async () => {
    const member = await registerMember(t.app);
    const now = nowIso();
    // 150 rounds paying exactly 2x: observed 200%, far above the declared 99%.
    await t.ctx.db
      .insertInto('game_rounds')
      .values(
        Array.from({ length: 150 }, (_, i) => ({
          round_uid: `flag-${tag}-${i}`,
          provider_id: house.id,
          game_id: houseDice.id,
          member_id: member.id,
          bet_centavos: 100,
          win_centavos: 200,
          status: 'settled',
          outcome_json: null,
          seed_id: null,
          nonce: null,
          created_at: now,
          settled_at: now,
        })),
      )
      .execute();
    const results = json(await get(`/api/admin/game-results?plat_type=h${tag}`)).data;
    expect(results.list).toHaveLength(1);
    expect(results.list[0]).toMatchObject({
      game_id: houseDice.id,
      name: 'Dados',
      rounds: 150,
      players: 1,
      total_bet: '150.00',
      total_win: '300.00',
      ggr: '-150.00',
      observed_rtp: '200.00',
      declared_rtp: '99.00',
      rtp_low: '200.00',
      rtp_high: '200.00',
      deviation: 'above',
    });
  });

  it('reads dates as Brazilian days and refuses bad ranges', async () => {
    const member = await registerMember(t.app);
    const game = await makeGame(external, { code: 'days', category: 'lottery', name: 'Loteria', rtp_bp: 9000, sort: 70 });
    const insert = (uid: string, settledAt: string) =>
      t.ctx.db
        .insertInto('game_rounds')
        .values({
          round_uid: `${uid}-${tag}`,
          provider_id: external.id,
          game_id: game.id,
          member_id: member.id,
          bet_centavos: 1_000,
          win_centavos: 0,
          status: 'settled',
          outcome_json: null,
          seed_id: null,
          nonce: null,
          created_at: settledAt,
          settled_at: settledAt,
        })
        .execute();
    // 02:59 UTC on 2 March is still 1 March in Brazil (UTC-3); 03:00 UTC is 2 March.
    await insert('late', '2024-03-02T02:59:59.000Z');
    await insert('early', '2024-03-02T03:00:00.000Z');
    const day = async (from: string, to: string) =>
      json(await get(`/api/admin/game-results?plat_type=x${tag}&from=${from}&to=${to}`)).data.list.find(
        (r: { game_id: number }) => r.game_id === game.id,
      );
    expect((await day('2024-03-01', '2024-03-01'))?.rounds).toBe(1);
    expect((await day('2024-03-02', '2024-03-02'))?.rounds).toBe(1);
    expect((await day('2024-03-01', '2024-03-02'))?.rounds).toBe(2);
    expect(await day('2024-03-03', '2024-03-09')).toBeUndefined();
    // The default range is the last seven days: these old rounds are outside it.
    const recent = json(await get(`/api/admin/game-results?plat_type=x${tag}`)).data;
    expect(recent.list.map((r: { game_id: number }) => r.game_id)).not.toContain(game.id);
    const days = (Date.parse(`${recent.to}T00:00:00Z`) - Date.parse(`${recent.from}T00:00:00Z`)) / 86_400_000;
    expect(days).toBe(6);

    const cases: [string, string, string][] = [
      ['from=2024-03-05&to=2024-03-01', 'from', 'The start date must be on or before the end date'],
      ['from=2024-02-30', 'from', 'Enter a date as YYYY-MM-DD'],
      ['to=2024-13-01', 'to', 'Enter a date as YYYY-MM-DD'],
      ['from=01/03/2024', 'from', 'Enter a date as YYYY-MM-DD'],
      ['from=2023-01-01&to=2024-03-01', 'from', 'Choose at most 366 days'],
    ];
    for (const [query, field, message] of cases) {
      const response = await get(`/api/admin/game-results?${query}&lang=en`);
      expect(response.statusCode, query).toBe(422);
      expect(json(response).errors?.[field], query).toEqual([message]);
    }
  });
});

describe('round lookup', () => {
  it('shows a round with its member, game, wallet transactions and ledger transfers, by id or provider uid', async () => {
    const member = await fundedMember('100');
    const uid = `lookup-${tag}`;
    const roundId = await playRound(external, externalSlot, member.id, uid, 1_250, 3_000);
    const response = await get(`/api/admin/game-rounds/${roundId}`);
    expect(response.statusCode).toBe(200);
    const round = json(response).data;
    expect(round).toMatchObject({
      id: roundId,
      round_uid: uid,
      status: 'settled',
      member_id: member.id,
      member_account: member.body.account.toLowerCase(),
      game_code: externalSlot.code,
      plat_type: `x${tag}`,
      is_house: false,
      bet: '12.50',
      win: '30.00',
      net: '17.50',
      seed: null,
      other_matches: [],
    });
    expect(round.settled_at).not.toBeNull();
    expect(round.transactions).toHaveLength(2);
    expect(round.transactions[0]).toMatchObject({
      tx_id: `${uid}-bet`,
      kind: 'bet',
      amount: '12.50',
      status: 'ok',
      transfer_key: `bet:x${tag}:${uid}-bet`,
    });
    expect(round.transactions[1]).toMatchObject({
      tx_id: `${uid}-win`,
      kind: 'win',
      amount: '30.00',
      transfer_key: `win:x${tag}:${uid}-win`,
    });
    const transfer = await t.ctx.db
      .selectFrom('ledger_transfers')
      .select('idempotency_key')
      .where('id', '=', round.transactions[0].transfer_id)
      .executeTakeFirstOrThrow();
    expect(transfer.idempotency_key).toBe(`bet:x${tag}:${uid}-bet`);

    const byUid = json(await get(`/api/admin/game-rounds/${uid}`)).data;
    expect(byUid.id).toBe(roundId);
    const byUidAndProvider = json(await get(`/api/admin/game-rounds/${uid}?plat_type=x${tag}`)).data;
    expect(byUidAndProvider.id).toBe(roundId);
    expect((await get(`/api/admin/game-rounds/${uid}?plat_type=h${tag}`)).statusCode).toBe(404);
    const missing = await get('/api/admin/game-rounds/no-such-round?lang=en');
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe('Round not found.');
    expect((await get(`/api/admin/game-rounds/${'x'.repeat(129)}`)).statusCode).toBe(422);
  });

  it("shows a house round's seed pair, and its server seed only once the member rotated it", async () => {
    const member = await fundedMember('50');
    const serverSeed = randomBytes(32).toString('hex');
    const serverSeedHash = createHash('sha256').update(serverSeed).digest('hex');
    const seed = await t.ctx.db
      .insertInto('fair_seeds')
      .values({
        member_id: member.id,
        server_seed: serverSeed,
        server_seed_hash: serverSeedHash,
        client_seed: 'minha-semente',
        nonce: 8,
        active: 1,
        created_at: nowIso(),
        revealed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ref = roundRef(house, houseDice, member.id, `dice-${tag}`);
    const outcome = { roll: 42.17, target: 50, over: false, multiplier: 1.98 };
    const bet = await runWallet(t.ctx.db, member.id, (trx) =>
      debit(trx, ref, { txId: `dice-${tag}-bet`, amountCentavos: centavos(200), outcome, seedId: seed.id, nonce: 7 }),
    );
    expect(bet.ok).toBe(true);
    await runWallet(t.ctx.db, member.id, async (trx) => {
      expect(await settleLost(trx, ref, outcome)).toBe(true);
      if (!bet.ok) throw new Error(`bet refused: ${bet.error}`);
      return bet;
    });
    const roundId = bet.ok ? bet.roundId : 0;

    const hidden = json(await get(`/api/admin/game-rounds/${roundId}`)).data;
    expect(json(await get(`/api/admin/game-rounds/${roundId}?lang=en`)).data.game_name).toBe('Dice');
    expect(hidden).toMatchObject({
      game_name: 'Dados',
      is_house: true,
      status: 'settled',
      bet: '2.00',
      win: '0.00',
      net: '-2.00',
      outcome,
    });
    expect(hidden.seed).toEqual({
      seed_id: seed.id,
      server_seed_hash: serverSeedHash,
      client_seed: 'minha-semente',
      nonce: 7,
      revealed: false,
      server_seed: null,
      revealed_at: null,
    });
    expect(JSON.stringify(hidden)).not.toContain(serverSeed);

    const revealedAt = nowIso();
    await t.ctx.db.updateTable('fair_seeds').set({ active: 0, revealed_at: revealedAt }).where('id', '=', seed.id).execute();
    const shown = json(await get(`/api/admin/game-rounds/${roundId}`)).data;
    expect(shown.seed).toMatchObject({ revealed: true, server_seed: serverSeed, revealed_at: revealedAt, nonce: 7 });
    expect(createHash('sha256').update(shown.seed.server_seed).digest('hex')).toBe(shown.seed.server_seed_hash);
  });
});
