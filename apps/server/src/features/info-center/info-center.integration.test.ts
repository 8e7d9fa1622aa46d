import { randomBytes } from 'node:crypto';
import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/database.ts';
import { adminToken, bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { verifyLedger } from '../../platform/ledger/ledger-verify.ts';
import { afterCredit, creditBonus } from '../promotions/engine.ts';

/**
 * The player's information centre on a real database (SQLite and PostgreSQL): the support link,
 * notifications that belong to one member only, read and unread counts, system notifications
 * translated for each reader, and the site's announcements by language and dates.
 */

let t: TestApp;
let admin: string;
const tag = randomBytes(3).toString('hex');

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(async () => {
  await t.close();
});

type Member = Awaited<ReturnType<typeof registerMember>>;

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });

async function sendNote(memberId: number, title: string, body = `${title} body`) {
  const sent = await post(API.admin.notifications, { member_id: memberId, title, body }, admin);
  expect(sent.statusCode, sent.body).toBe(200);
}

async function notificationsOf(member: Member, query = '') {
  const response = await get(`${API.info.notification}${query}`, member.token);
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data as {
    list: { id: number; kind: string; title: string; body: string; is_read: boolean }[];
    total: number;
    unread: number;
  };
}

async function unreadOf(member: Member) {
  const response = await get(API.info.unread, member.token);
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data as { notifications: number; announcements: number; total: number };
}

/** Announcements created straight in the table, so dates can lie in the past. */
async function makeAnnouncement(values: {
  siteId?: number;
  titles: Record<string, string>;
  contents?: Record<string, string>;
  pinned?: boolean;
  enabled?: boolean;
  startsAt?: string | null;
  endsAt?: string | null;
}): Promise<number> {
  const siteId = values.siteId ?? (await defaultSiteId());
  const now = nowIso();
  const row = await t.ctx.db
    .insertInto('announcements')
    .values({
      site_id: siteId,
      title_json: JSON.stringify(values.titles),
      content_json: JSON.stringify(values.contents ?? { pt: `conteúdo ${values.titles.pt}` }),
      pinned: values.pinned ? 1 : 0,
      enabled: values.enabled === false ? 0 : 1,
      starts_at: values.startsAt ?? null,
      ends_at: values.endsAt ?? null,
      operator_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function defaultSiteId(): Promise<number> {
  return (await t.ctx.db.selectFrom('sites').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
}

let otherSiteRow: { id: number; name: string } | undefined;

/** A second site (created once), to show that sites do not see each other's messages. */
async function otherSite(): Promise<{ id: number; name: string }> {
  if (otherSiteRow) return otherSiteRow;
  const now = nowIso();
  const name = `other-${tag}`;
  const row = await t.ctx.db
    .insertInto('sites')
    .values({
      name,
      host: `${name}.example`,
      brand_name: 'Other',
      default_lang: 'pt',
      support_url: 'https://wa.me/5511999999999',
      logo_url: '/logo.svg',
      social_links: JSON.stringify([{ name: 'WhatsApp', url: 'https://wa.me/5511999999999', icon: null }]),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  otherSiteRow = { id: row.id, name };
  return otherSiteRow;
}

const HOUR_MS = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('support', () => {
  it("answers the site's messaging link, 24/7 and its social channels to anyone", async () => {
    const response = await get(`${API.info.support}?lang=en`);
    expect(response.statusCode, response.body).toBe(200);
    const site = await t.ctx.db.selectFrom('sites').selectAll().orderBy('id').limit(1).executeTakeFirstOrThrow();
    const data = json(response).data;
    expect(data.url).toBe(site.support_url);
    expect(data.hours).toBe('24/7');
    const links = JSON.parse(site.social_links) as { name: string; url: string }[];
    expect(data.channels.map((c: { url: string }) => c.url)).toEqual(links.map((l) => l.url));

    const other = await otherSite();
    const named = json(await get(`${API.info.support}?site=${other.name}`)).data;
    expect(named).toEqual({
      url: 'https://wa.me/5511999999999',
      hours: '24/7',
      channels: [{ name: 'WhatsApp', url: 'https://wa.me/5511999999999', icon: null }],
    });
    expect((await get(`${API.info.support}?site=nope-${tag}`)).statusCode).toBe(404);
  });
});

describe('notifications', () => {
  it("lists only the caller's own notifications and answers another member's id as not found", async () => {
    const alice = await registerMember(t.app);
    const bob = await registerMember(t.app);
    await sendNote(alice.id, 'Para Alice');
    await sendNote(bob.id, 'Para Bob');

    const mine = await notificationsOf(alice);
    expect(mine.list.map((n) => n.title)).toEqual(['Para Alice']);
    expect(mine.list[0]).toMatchObject({ kind: 'operator', body: 'Para Alice body', is_read: false });
    expect(mine).toMatchObject({ total: 1, unread: 1 });
    const aliceNote = mine.list[0]!.id;

    // Bob cannot mark Alice's note read: the answer is the same as for an id that does not exist.
    const stolen = await post(`${API.info.notificationRead}?lang=en`, { id: aliceNote }, bob.token);
    expect(stolen.statusCode).toBe(404);
    expect(json(stolen).message).toBe('Notification not found');
    const missing = await post(`${API.info.notificationRead}?lang=en`, { id: 999_999_999 }, bob.token);
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe(json(stolen).message);
    expect((await notificationsOf(alice)).unread).toBe(1);

    // Bob's "mark all" touches only his own.
    expect((await post(API.info.notificationRead, {}, bob.token)).statusCode).toBe(200);
    expect((await notificationsOf(bob)).unread).toBe(0);
    expect((await notificationsOf(alice)).unread).toBe(1);

    // Visitors and stale tokens get the 401 of every member call.
    expect((await get(API.info.notification)).statusCode).toBe(401);
    expect((await post(API.info.notificationRead, {})).statusCode).toBe(401);
    expect((await get(API.info.unread)).statusCode).toBe(401);
    expect((await get(API.info.notification, 'x'.repeat(40))).statusCode).toBe(401);
  });

  it('counts unread notifications, marks one read, then all, newest first with paging', async () => {
    const member = await registerMember(t.app);
    for (const title of ['um', 'dois', 'três']) await sendNote(member.id, title);

    const all = await notificationsOf(member);
    expect(all.list.map((n) => n.title)).toEqual(['três', 'dois', 'um']);
    expect(all).toMatchObject({ total: 3, unread: 3 });
    expect(await unreadOf(member)).toMatchObject({ notifications: 3 });

    const read = await post(API.info.notificationRead, { id: String(all.list[1]!.id) }, member.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(json(read).data.notifications).toBe(2);
    // Reading it twice changes nothing.
    expect(json(await post(API.info.notificationRead, { id: all.list[1]!.id }, member.token)).data.notifications).toBe(2);

    const page = await notificationsOf(member, '?page=2&page_size=2');
    expect(page).toMatchObject({ total: 3, unread: 2, page: 2, page_size: 2 });
    expect(page.list.map((n) => [n.title, n.is_read])).toEqual([['um', false]]);
    const first = await notificationsOf(member, '?page=1&page_size=2');
    expect(first.list.map((n) => [n.title, n.is_read])).toEqual([
      ['três', false],
      ['dois', true],
    ]);

    const cleared = await post(API.info.notificationRead, {}, member.token);
    expect(json(cleared).data.notifications).toBe(0);
    const after = await notificationsOf(member);
    expect(after.unread).toBe(0);
    expect(after.list.every((n) => n.is_read)).toBe(true);
  });

  it('turns a bonus credit into a notification each reader gets in their own language', async () => {
    const member = await registerMember(t.app);
    await t.ctx.db.transaction().execute((trx) =>
      creditBonus(trx, {
        memberId: member.id,
        source: 'ftd',
        claimKey: `ftd:test:${member.id}`,
        amountCentavos: 1_000,
        wageringCentavos: 0,
      }),
    );
    await afterCredit(t.ctx, member.id, 'ftd', 1_000);

    const pt = (await notificationsOf(member, '?lang=pt')).list[0];
    expect(pt).toMatchObject({
      kind: 'bonus',
      title: 'Bônus creditado',
      body: 'Você recebeu R$ 10,00 de Primeiro depósito',
      is_read: false,
    });
    const en = (await notificationsOf(member, '?lang=en')).list[0];
    expect(en).toMatchObject({ title: 'Bonus credited', body: 'You received R$10.00 from First deposit' });
    // A reader of a language without its own text yet reads the English one, never a key.
    const tr = (await notificationsOf(member, '?lang=tr')).list[0]!;
    expect(tr.title).not.toMatch(/^info\./);
    expect(tr.body).toContain('10');

    // The row stores parameters, not text.
    const row = await t.ctx.db.selectFrom('notifications').selectAll().where('id', '=', pt!.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: '', body: '', params_json: JSON.stringify({ source: 'ftd', amount: '10.00' }) });
    expect(await unreadOf(member)).toMatchObject({ notifications: 1 });
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });
});

describe('announcements', () => {
  it("shows the site's current announcements, pinned first, in the reader's language, Portuguese otherwise", async () => {
    const other = await otherSite();
    const older = await makeAnnouncement({ titles: { pt: `Fixado ${tag}`, en: `Pinned ${tag}` }, pinned: true });
    const plain = await makeAnnouncement({ titles: { pt: `Novidade ${tag}`, en: `News ${tag}` }, contents: { pt: 'Olá', en: 'Hello' } });
    const onlyPt = await makeAnnouncement({ titles: { pt: `Só português ${tag}` } });
    const started = await makeAnnouncement({ titles: { pt: `Começou ${tag}` }, startsAt: at(-HOUR_MS), endsAt: at(HOUR_MS) });
    const scheduled = await makeAnnouncement({ titles: { pt: `Futuro ${tag}` }, startsAt: at(HOUR_MS) });
    const ended = await makeAnnouncement({ titles: { pt: `Acabou ${tag}` }, endsAt: at(-HOUR_MS) });
    const disabled = await makeAnnouncement({ titles: { pt: `Desligado ${tag}` }, enabled: false });
    const elsewhere = await makeAnnouncement({ siteId: other.id, titles: { pt: `Outro site ${tag}` } });

    const visitor = json(await get(`${API.info.announcement}?lang=en&page_size=100`)).data;
    const ids = visitor.list.map((a: { id: number }) => a.id);
    const shown = [older, plain, onlyPt, started];
    expect(ids.filter((id: number) => shown.includes(id))).toEqual([older, started, onlyPt, plain]);
    for (const hidden of [scheduled, ended, disabled, elsewhere]) expect(ids).not.toContain(hidden);
    expect(ids[0]).toBe(older);
    const byId = (list: { id: number }[], id: number) => list.find((a) => a.id === id) as Record<string, unknown>;
    expect(byId(visitor.list, plain)).toMatchObject({ title: `News ${tag}`, content: 'Hello', pinned: false, is_read: false });
    expect(byId(visitor.list, onlyPt)).toMatchObject({ title: `Só português ${tag}` });
    expect(byId(visitor.list, older)).toMatchObject({ pinned: true });
    expect(visitor.unread).toBe(0);

    const inPt = json(await get(`${API.info.announcement}?lang=pt&page_size=100`)).data;
    expect(byId(inPt.list, plain)).toMatchObject({ title: `Novidade ${tag}`, content: 'Olá' });
    const inZh = json(await get(`${API.info.announcement}?lang=zh&page_size=100`)).data;
    expect(byId(inZh.list, plain)).toMatchObject({ title: `Novidade ${tag}` });

    // The other site's readers see only theirs.
    const otherList = json(await get(`${API.info.announcement}?site=${other.name}`)).data;
    expect(otherList.list.map((a: { id: number }) => a.id)).toEqual([elsewhere]);
  });

  it('remembers what a member opened: is_read, unread counts and the badge', async () => {
    const member = await registerMember(t.app);
    const first = await makeAnnouncement({ titles: { pt: `Ler ${tag}` } });
    const scheduled = await makeAnnouncement({ titles: { pt: `Depois ${tag}` }, startsAt: at(HOUR_MS) });
    const foreign = await makeAnnouncement({ siteId: (await otherSite()).id, titles: { pt: `Alheio ${tag}` } });

    const before = json(await get(`${API.info.announcement}?page_size=100`, member.token)).data;
    const total = before.total as number;
    expect(before.unread).toBe(total);
    expect(await unreadOf(member)).toEqual({ notifications: 0, announcements: total, total });

    const read = await post(API.info.announcementRead, { id: first }, member.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(json(read).data).toEqual({ notifications: 0, announcements: total - 1, total: total - 1 });
    expect(json(await post(API.info.announcementRead, { id: first }, member.token)).data.announcements).toBe(total - 1);

    const after = json(await get(`${API.info.announcement}?page_size=100`, member.token)).data;
    expect(after.unread).toBe(total - 1);
    expect(after.list.find((a: { id: number }) => a.id === first).is_read).toBe(true);
    // Another member's reads are theirs.
    const stranger = await registerMember(t.app);
    expect(json(await get(`${API.info.announcement}?page_size=100`, stranger.token)).data.unread).toBe(total);

    // Not shown now, or of another site: not found, and nothing recorded.
    expect((await post(API.info.announcementRead, { id: scheduled }, member.token)).statusCode).toBe(404);
    expect((await post(API.info.announcementRead, { id: foreign }, member.token)).statusCode).toBe(404);
    expect((await post(API.info.announcementRead, { id: first })).statusCode).toBe(401);
    const reads = await t.ctx.db.selectFrom('announcement_reads').select('announcement_id').where('member_id', '=', member.id).execute();
    expect(reads.map((r) => r.announcement_id)).toEqual([first]);
  });
});

describe('bad input', () => {
  it('answers 422 with field messages, never 500', async () => {
    const member = await registerMember(t.app);
    const cases: [string, string, unknown][] = [
      ['POST', API.info.notificationRead, { id: 'abc' }],
      ['POST', API.info.notificationRead, { id: -1 }],
      ['POST', API.info.notificationRead, { id: true }],
      ['POST', API.info.notificationRead, { id: 1, extra: 1 }],
      ['POST', API.info.announcementRead, {}],
      ['POST', API.info.announcementRead, { id: '1e3' }],
      ['GET', `${API.info.notification}?page_size=1000`, undefined],
      ['GET', `${API.info.notification}?page=0`, undefined],
      ['GET', `${API.info.announcement}?page=x`, undefined],
    ];
    for (const [method, url, payload] of cases) {
      const response = await t.app.inject({
        method: method as 'GET' | 'POST',
        url: `${url}${url.includes('?') ? '&' : '?'}lang=en`,
        headers: bearer(member.token),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${response.body}`).toBe(422);
      expect(Object.keys(json(response).errors ?? {}).length).toBeGreaterThan(0);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: API.info.notificationRead,
      headers: { ...bearer(member.token), 'content-type': 'application/json' },
      payload: '{"id":',
    });
    expect(malformed.statusCode).toBe(422);
  });
});

describe('OpenAPI', () => {
  it('documents every information centre endpoint, player and back office', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = (response.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    for (const path of [API.info.support, API.info.notification, API.info.announcement, API.info.unread])
      expect(paths[path]).toHaveProperty('get');
    for (const path of [API.info.notificationRead, API.info.announcementRead]) expect(paths[path]).toHaveProperty('post');
    expect(Object.keys(paths[API.admin.notifications] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths[API.admin.announcements] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/admin/announcements/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'patch']);
  });
});
