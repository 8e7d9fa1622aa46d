import { HOUSE_GAME_MATH, rtpPercent } from '@casino/games/catalogue';
import { API } from '@casino/shared/api-paths';
import { HOUSE_GAME_CODES, MAX_FOLLOWS } from '@casino/shared/schemas/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/database.ts';
import { bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { LAUNCHES_PER_MINUTE } from './day7.service.ts';
import { SPORTS_GAMES, seedGameCatalogue } from './games.seed.ts';

/** The catalogue, favourites and the day7 hand-off, on SQLite and PostgreSQL. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });

async function gameId(code: string): Promise<number> {
  const row = await t.ctx.db.selectFrom('games').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return row.id;
}

describe('catalogue seed', () => {
  it('holds the eight house games and the three sandbox games, with artwork and declared figures', async () => {
    const answer = json(await get(`${API.games.list}?page_size=100`));
    const codes = answer.data.list.map((g: { code: string }) => g.code);
    for (const code of [...HOUSE_GAME_CODES, 'sandbox-tigre-sortudo', 'sandbox-pesca-dourada', 'sandbox-keno-rapido']) {
      expect(codes).toContain(code);
    }
    const crash = answer.data.list.find((g: { code: string }) => g.code === 'crash');
    expect(crash).toMatchObject({
      category: 'crash',
      plat_type: 'house',
      is_house: true,
      thumbnail: '/static/games/crash.svg',
      is_followed: false,
    });
    // House games declare what their maths compute; limits come from the maths too.
    for (const code of HOUSE_GAME_CODES) {
      const game = answer.data.list.find((g: { code: string }) => g.code === code);
      expect(game.rtp, code).toBe(rtpPercent(HOUSE_GAME_MATH[code].rtp));
    }
    const keno = answer.data.list.find((g: { code: string }) => g.code === 'sandbox-keno-rapido');
    expect(keno).toMatchObject({
      category: 'lottery',
      plat_type: 'sandbox',
      is_house: false,
      rtp: '95.00',
      min_bet: '0.50',
      max_bet: '10.00',
    });
  });

  it('is idempotent and keeps an operator’s edits', async () => {
    await t.ctx.db.updateTable('games').set({ name: 'Edited', is_popular: 0, rtp_bp: 1234 }).where('code', '=', 'crash').execute();
    const secretBefore = await t.ctx.db
      .selectFrom('game_providers')
      .select('wallet_secret')
      .where('plat_type', '=', 'sandbox')
      .executeTakeFirstOrThrow();
    const countBefore = await t.ctx.db
      .selectFrom('games')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await seedGameCatalogue(t.ctx.db);
    const crash = await t.ctx.db.selectFrom('games').selectAll().where('code', '=', 'crash').executeTakeFirstOrThrow();
    expect(crash.name).toBe('Edited');
    expect(crash.is_popular).toBe(0);
    // The RTP is the maths', not a setting: a stale figure is put right.
    expect(rtpPercent(crash.rtp_bp / 10_000)).toBe(rtpPercent(HOUSE_GAME_MATH.crash.rtp));
    const secretAfter = await t.ctx.db
      .selectFrom('game_providers')
      .select('wallet_secret')
      .where('plat_type', '=', 'sandbox')
      .executeTakeFirstOrThrow();
    expect(secretAfter.wallet_secret).toBe(secretBefore.wallet_secret);
    expect(secretAfter.wallet_secret).toMatch(/^[0-9a-f]{64}$/);
    const countAfter = await t.ctx.db
      .selectFrom('games')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(countAfter.n)).toBe(Number(countBefore.n));
    await t.ctx.db.updateTable('games').set({ name: 'Crash', is_popular: 1 }).where('code', '=', 'crash').execute();
  });
});

describe('GET /api/games/listsv2', () => {
  it('filters by category, tag and provider', async () => {
    const arcade = json(await get(`${API.games.list}?category=arcade`)).data;
    expect(arcade.list.map((g: { code: string }) => g.code).sort()).toEqual(['dice', 'limbo', 'mines', 'plinko']);
    expect(arcade.total).toBe(4);

    const live = json(await get(`${API.games.list}?category=live`)).data;
    expect(live.list.map((g: { code: string }) => g.code).sort()).toEqual(['double', 'live-bac-bo', 'live-roulette']);

    const sandbox = json(await get(`${API.games.list}?plat_type=sandbox`)).data;
    expect(sandbox.total).toBe(3);
    expect(sandbox.list.every((g: { plat_type: string }) => g.plat_type === 'sandbox')).toBe(true);

    const fresh = json(await get(`${API.games.list}?tag=new`)).data;
    expect(fresh.total).toBeGreaterThan(0);
    expect(fresh.list.every((g: { tags: string[] }) => g.tags.includes('new'))).toBe(true);

    const none = json(await get(`${API.games.list}?category=crash&plat_type=sandbox`)).data;
    expect(none).toEqual({ list: [], total: 0, page: 1, page_size: 20 });
  });

  it('searches names in every language, blind to case and accents', async () => {
    const search = async (name: string, lang = 'pt') =>
      json(await get(`${API.games.list}?name=${encodeURIComponent(name)}&lang=${lang}`)).data.list.map((g: { code: string }) => g.code);
    expect((await search('ROLETA')).sort()).toEqual(['live-roulette', 'roulette']);
    expect(await search('european')).toEqual(['roulette']);
    expect(await search('furia')).toEqual(['fruit-frenzy']); // "Frutas em Fúria"
    expect(await search('rapido')).toEqual(['sandbox-keno-rapido']);
    expect(await search('幸运虎')).toEqual(['sandbox-tigre-sortudo']);
    expect(await search('zzzz-nothing')).toEqual([]);
    // The answer names each game in the request's language.
    const en = json(await get(`${API.games.list}?name=dados&lang=en`)).data.list[0];
    expect(en.name).toBe('Dice');
    const pt = json(await get(`${API.games.list}?name=dice&lang=pt`)).data.list[0];
    expect(pt.name).toBe('Dados');
  });

  it('pages without overlap and reports the total', async () => {
    const all = json(await get(`${API.games.list}?page_size=100`)).data;
    const first = json(await get(`${API.games.list}?page=1&page_size=4`)).data;
    const second = json(await get(`${API.games.list}?page=2&page_size=4`)).data;
    expect(first.total).toBe(all.total);
    expect(first.list).toHaveLength(4);
    expect(second.page).toBe(2);
    const ids = [...first.list, ...second.list].map((g: { id: number }) => g.id);
    expect(new Set(ids).size).toBe(8);
    expect(ids).toEqual(all.list.slice(0, 8).map((g: { id: number }) => g.id));
  });

  it('hides disabled games and games of disabled providers', async () => {
    await t.ctx.db.updateTable('games').set({ enabled: 0 }).where('code', '=', 'dice').execute();
    const arcade = json(await get(`${API.games.list}?category=arcade`)).data;
    expect(arcade.list.map((g: { code: string }) => g.code)).not.toContain('dice');
    await t.ctx.db.updateTable('games').set({ enabled: 1 }).where('code', '=', 'dice').execute();

    await t.ctx.db.updateTable('game_providers').set({ enabled: 0 }).where('plat_type', '=', 'sandbox').execute();
    const all = json(await get(`${API.games.list}?page_size=100`)).data;
    expect(all.list.some((g: { plat_type: string }) => g.plat_type === 'sandbox')).toBe(false);
    const providers = json(await get(API.games.apis)).data;
    expect(providers.map((p: { plat_type: string }) => p.plat_type)).not.toContain('sandbox');
    await t.ctx.db.updateTable('game_providers').set({ enabled: 1 }).where('plat_type', '=', 'sandbox').execute();
  });

  it('refuses bad filters with a translated 422', async () => {
    const badCategory = await get(`${API.games.list}?category=casino&lang=en`);
    expect(badCategory.statusCode).toBe(422);
    expect(json(badCategory).errors?.category).toEqual(['Wrong type']);
    expect((await get(`${API.games.list}?page_size=101`)).statusCode).toBe(422);
    expect((await get(`${API.games.list}?page=0`)).statusCode).toBe(422);
    expect((await get(`${API.games.list}?name=${'x'.repeat(65)}`)).statusCode).toBe(422);
  });
});

describe('providers, rows and detail', () => {
  it('lists providers with their enabled game counts, never a secret', async () => {
    const response = await get(API.games.apis);
    expect(response.body).not.toContain('wallet_secret');
    const providers = json(response).data;
    expect(providers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ plat_type: 'house', game_count: HOUSE_GAME_CODES.length + SPORTS_GAMES.length }),
        expect.objectContaining({ plat_type: 'sandbox', name: 'Sandbox Studio', game_count: 3 }),
      ]),
    );
  });

  it('answers the popular and promotion rows from the flags', async () => {
    const popular = json(await get(`${API.games.popular}?name=someone`)).data;
    expect(popular.length).toBeGreaterThan(0);
    expect(popular.every((g: { is_popular: boolean }) => g.is_popular)).toBe(true);
    const promotion = json(await get(API.games.promotion)).data;
    expect(promotion.length).toBeGreaterThan(0);
    expect(promotion.every((g: { is_promotion: boolean }) => g.is_promotion)).toBe(true);

    await t.ctx.db.updateTable('games').set({ is_promotion: 1 }).where('code', '=', 'dice').execute();
    const after = json(await get(API.games.promotion)).data.map((g: { code: string }) => g.code);
    expect(after).toContain('dice');
    await t.ctx.db.updateTable('games').set({ is_promotion: 0 }).where('code', '=', 'dice').execute();
  });

  it('answers one game by code, 404 for an unknown one and a clear refusal for a disabled one', async () => {
    expect(json(await get(`${API.games.detail}?code=mines&lang=en`)).data).toMatchObject({ code: 'mines', name: 'Mines' });
    const unknown = await get(`${API.games.detail}?code=nope&lang=en`);
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).message).toBe('This game does not exist.');
    await t.ctx.db.updateTable('games').set({ enabled: 0 }).where('code', '=', 'mines').execute();
    const disabled = await get(`${API.games.detail}?code=mines&lang=en`);
    expect(disabled.statusCode).toBe(422);
    expect(json(disabled).message).toBe('This game is not available right now.');
    await t.ctx.db.updateTable('games').set({ enabled: 1 }).where('code', '=', 'mines').execute();
  });
});

describe('favourites', () => {
  it('asks visitors to log in', async () => {
    for (const response of [
      await post(`${API.games.follow}?lang=en`, {}),
      await post(`${API.games.followSet}?lang=en`, { game_id: 1 }),
      await post(`${API.games.followDelete}?lang=en`, { game_id: 1 }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(json(response).message).toBe('Currently not logged in, please log in first');
    }
  });

  it('follows and unfollows idempotently; the list and is_followed follow suit', async () => {
    const m = await registerMember(t.app);
    const crash = await gameId('crash');
    const roulette = await gameId('roulette');

    expect(json(await post(API.games.follow, {}, m.token)).data).toEqual([]);
    for (let i = 0; i < 2; i++) expect((await post(API.games.followSet, { game_id: crash }, m.token)).statusCode).toBe(200);
    expect((await post(API.games.followSet, { game_id: String(roulette) }, m.token)).statusCode).toBe(200);

    const list = json(await post(`${API.games.follow}?member_id=${m.id}&name=${m.body.account}`, {}, m.token)).data;
    expect(list.map((g: { code: string }) => g.code)).toEqual(['roulette', 'crash']); // most recent first
    expect(list.every((g: { is_followed: boolean }) => g.is_followed)).toBe(true);

    const tiles = json(await get(`${API.games.list}?page_size=100`, m.token)).data.list;
    expect(
      tiles
        .filter((g: { is_followed: boolean }) => g.is_followed)
        .map((g: { code: string }) => g.code)
        .sort(),
    ).toEqual(['crash', 'roulette']);
    // A visitor sees the same tiles unfollowed.
    const visitorTiles = json(await get(`${API.games.list}?page_size=100`)).data.list;
    expect(visitorTiles.some((g: { is_followed: boolean }) => g.is_followed)).toBe(false);

    for (let i = 0; i < 2; i++) expect((await post(API.games.followDelete, { game_id: crash }, m.token)).statusCode).toBe(200);
    const after = json(await post(API.games.follow, {}, m.token)).data;
    expect(after.map((g: { code: string }) => g.code)).toEqual(['roulette']);
  });

  it('shows each member only its own list; another member_id is refused', async () => {
    const a = await registerMember(t.app);
    const b = await registerMember(t.app);
    await post(API.games.followSet, { game_id: await gameId('plinko') }, a.token);
    const forged = await post(`${API.games.follow}?member_id=${a.id}&lang=en`, {}, b.token);
    expect(forged.statusCode).toBe(403);
    expect(forged.body).not.toContain('plinko');
    expect(json(await post(API.games.follow, {}, b.token)).data).toEqual([]);
    // The body's member_id is never trusted either: follows land on the session's member.
    await post(API.games.followSet, { game_id: await gameId('dice'), member_id: a.id }, b.token);
    expect(json(await post(API.games.follow, {}, a.token)).data.map((g: { code: string }) => g.code)).toEqual(['plinko']);
  });

  it('refuses unknown games with 404, bad ids with 422, and caps the list', async () => {
    const m = await registerMember(t.app);
    const unknown = await post(`${API.games.followSet}?lang=en`, { game_id: 999_999 }, m.token);
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).message).toBe('This game does not exist.');
    expect((await post(API.games.followDelete, { game_id: 999_999 }, m.token)).statusCode).toBe(404);
    for (const game_id of [-1, 0, 1.5, 'abc', null]) {
      expect((await post(API.games.followSet, { game_id }, m.token)).statusCode).toBe(422);
    }
    expect((await post(`${API.games.follow}?member_id=abc`, {}, m.token)).statusCode).toBe(422);

    // At the cap, one more follow is refused with the spec's favourite error and a reason.
    const now = nowIso();
    const provider = await t.ctx.db.selectFrom('game_providers').select('id').where('plat_type', '=', 'sandbox').executeTakeFirstOrThrow();
    const extra = Array.from({ length: MAX_FOLLOWS }, (_, i) => ({
      code: `cap-test-${i}-${m.id}`,
      provider_id: provider.id,
      category: 'slots',
      name: `Cap ${i}`,
      thumbnail: '/static/games/cap.svg',
      rtp_bp: 9600,
      min_bet_centavos: 10,
      max_bet_centavos: 1000,
      enabled: 0,
      created_at: now,
      updated_at: now,
    }));
    const ids = await t.ctx.db.insertInto('games').values(extra).returning('id').execute();
    await t.ctx.db
      .insertInto('game_follows')
      .values(ids.map((r) => ({ member_id: m.id, game_id: r.id, created_at: now })))
      .execute();
    const capped = await post(`${API.games.followSet}?lang=en`, { game_id: await gameId('crash') }, m.token);
    expect(capped.statusCode).toBe(422);
    expect(json(capped).message).toBe(`You can have at most ${MAX_FOLLOWS} favourite games.`);
    // Disabled games never show in the list.
    expect(json(await post(API.games.follow, {}, m.token)).data).toEqual([]);
  });
});

describe('day7 hand-off', () => {
  it('asks visitors to log in', async () => {
    const response = await post(`${API.day7Login}?lang=en`, { game_code: 'crash' });
    expect(response.statusCode).toBe(401);
    expect(json(response).message).toBe('Currently not logged in, please log in first');
    expect((await get(`${API.day7Balance}?currency=BRL`)).statusCode).toBe(401);
  });

  it('opens a house game in the app and opens no provider session', async () => {
    const m = await registerMember(t.app);
    const answer = json(await post(API.day7Login, { game_code: 'dice' }, m.token));
    expect(answer.data).toMatchObject({ mode: 'house', url: '/gameInfo?code=dice', game: { code: 'dice', is_house: true } });
    const byId = json(await post(API.day7Login, { game_id: await gameId('mines'), platType: 'house' }, m.token));
    expect(byId.data.url).toBe('/gameInfo?code=mines');
    const sessions = await t.ctx.db.selectFrom('game_sessions').select('id').where('member_id', '=', m.id).execute();
    expect(sessions).toHaveLength(0);
  });

  it('opens an external game in a frame with a fresh session whose token only the URL carries', async () => {
    const m = await registerMember(t.app);
    const response = await post(`${API.day7Login}?lang=en`, { game_code: 'sandbox-pesca-dourada' }, m.token);
    const answer = json(response).data;
    expect(answer.mode).toBe('iframe');
    expect(response.body).not.toContain('wallet_secret');
    const url = new URL(answer.url, 'http://x');
    expect(url.pathname).toBe(API.sandboxProviderPlay);
    expect(url.searchParams.get('game')).toBe('sandbox-pesca-dourada');
    expect(url.searchParams.get('lang')).toBe('en');
    const token = url.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(43);

    const sessions = await t.ctx.db.selectFrom('game_sessions').selectAll().where('member_id', '=', m.id).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(sessions[0]!.token_hash).not.toBe(token);
    expect(Date.parse(sessions[0]!.expires_at)).toBeGreaterThan(Date.now() + 25 * 60_000);

    const again = json(await post(API.day7Login, { game_code: 'sandbox-pesca-dourada' }, m.token)).data;
    expect(new URL(again.url, 'http://x').searchParams.get('token')).not.toBe(token);
  });

  it('bounds launch sessions: long-expired ones are dropped and launches are rate limited', async () => {
    const m = await registerMember(t.app);
    const game = await t.ctx.db
      .selectFrom('games')
      .select(['id', 'provider_id'])
      .where('code', '=', 'sandbox-keno-rapido')
      .executeTakeFirstOrThrow();
    const old = new Date(Date.now() - 8 * 24 * 3_600_000).toISOString();
    await t.ctx.db
      .insertInto('game_sessions')
      .values({
        token_hash: 'f'.repeat(64),
        member_id: m.id,
        game_id: game.id,
        provider_id: game.provider_id,
        created_at: old,
        expires_at: old,
        last_seen_at: old,
      })
      .execute();
    expect((await post(API.day7Login, { game_code: 'sandbox-keno-rapido' }, m.token)).statusCode).toBe(200);
    const hashes = (await t.ctx.db.selectFrom('game_sessions').select('token_hash').where('member_id', '=', m.id).execute()).map(
      (r) => r.token_hash,
    );
    expect(hashes).toHaveLength(1);
    expect(hashes).not.toContain('f'.repeat(64));

    for (let i = 1; i < LAUNCHES_PER_MINUTE; i++)
      expect((await post(API.day7Login, { game_code: 'sandbox-keno-rapido' }, m.token)).statusCode).toBe(200);
    const limited = await post(`${API.day7Login}?lang=en`, { game_code: 'sandbox-keno-rapido' }, m.token);
    expect(limited.statusCode).toBe(429);
    // House games open no session and are not limited.
    expect((await post(API.day7Login, { game_code: 'dice' }, m.token)).statusCode).toBe(200);
  });

  it('refuses unknown, mismatched and disabled games, and a call naming no game', async () => {
    const m = await registerMember(t.app);
    expect((await post(API.day7Login, { game_code: 'nope' }, m.token)).statusCode).toBe(404);
    expect((await post(API.day7Login, { game_code: 'dice', platType: 'sandbox' }, m.token)).statusCode).toBe(404);
    expect((await post(API.day7Login, { game_code: 'dice', game_id: await gameId('mines') }, m.token)).statusCode).toBe(404);
    const none = await post(`${API.day7Login}?lang=en`, {}, m.token);
    expect(none.statusCode).toBe(422);
    expect(json(none).errors?.game_code).toBeDefined();

    await t.ctx.db.updateTable('game_providers').set({ enabled: 0 }).where('plat_type', '=', 'sandbox').execute();
    const disabled = await post(`${API.day7Login}?lang=en`, { game_code: 'sandbox-keno-rapido' }, m.token);
    expect(disabled.statusCode).toBe(422);
    expect(json(disabled).message).toBe('This game is not available right now.');
    await t.ctx.db.updateTable('game_providers').set({ enabled: 1 }).where('plat_type', '=', 'sandbox').execute();
    const sessions = await t.ctx.db.selectFrom('game_sessions').select('id').where('member_id', '=', m.id).execute();
    expect(sessions).toHaveLength(0);
  });

  it('answers every platform’s balance, which is the cash balance', async () => {
    const m = await registerMember(t.app);
    const all = json(await get(`${API.day7Balance}?currency=BRL`, m.token)).data;
    expect(all).toEqual(
      expect.arrayContaining([
        { platType: 'house', balance: '0.00' },
        { platType: 'sandbox', balance: '0.00' },
      ]),
    );
    expect(json(await get(`${API.day7Balance}?currency=BRL&platType=sandbox`, m.token)).data).toEqual([
      { platType: 'sandbox', balance: '0.00' },
    ]);
    expect(json(await get(`${API.day7Balance}?currency=BRL&platType=unknown`, m.token)).data).toEqual([]);
    expect((await get(`${API.day7Balance}?currency=USD`, m.token)).statusCode).toBe(422);
  });
});

describe('hostile input', () => {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j probe, sent literally
  const HOSTILE = ["' OR 1=1 --", '<script>alert(1)</script>', '%', '_', '${jndi:ldap://x}', '../../etc/passwd', '😀'.repeat(16)];

  it('never errors on the open lists: hostile filters find nothing', async () => {
    for (const value of HOSTILE) {
      for (const field of ['name', 'tag', 'plat_type']) {
        const response = await get(`${API.games.list}?${field}=${encodeURIComponent(value)}`);
        expect(response.statusCode, `${field}=${value}`).toBe(200);
        expect(json(response).data.total).toBe(0);
      }
      expect((await get(`${API.games.detail}?code=${encodeURIComponent(value)}`)).statusCode).toBe(404);
    }
    expect((await get(`${API.games.list}?name=%00`)).statusCode).toBe(422);
  });

  it('answers a clear 4xx, never a 500, on member calls', async () => {
    const m = await registerMember(t.app);
    for (const value of [...HOSTILE, 'x'.repeat(65), 12.5, -3, true, [], {}]) {
      for (const response of [
        await post(`${API.games.followSet}?lang=en`, { game_id: value }, m.token),
        await post(`${API.day7Login}?lang=en`, { game_code: value }, m.token),
        await post(`${API.gameRecord}?lang=en`, { range: value }, m.token),
      ]) {
        expect(response.statusCode, `${response.body.slice(0, 120)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(json(response).message).not.toMatch(/^(validation|errors|games)\./);
      }
    }
    expect((await post(API.games.followSet, 'not json', m.token)).statusCode).toBe(422);
  });
});
