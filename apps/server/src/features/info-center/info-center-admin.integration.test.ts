import { randomBytes } from 'node:crypto';
import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/database.ts';
import { adminToken, bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';

/**
 * The back office's information centre on a real database (SQLite and PostgreSQL): notes to one
 * member or to a whole site, announcements with texts per language, the permission info.manage
 * and an audit line for every write.
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

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, token: string | null = admin) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function operatorToken(role: string): Promise<string> {
  const username = `${role}.${tag}`;
  const password = `${role}-Secret-${tag}`;
  const created = await call('POST', '/api/admin/operators', { username, password, role });
  expect(created.statusCode, created.body).toBe(200);
  return json(await t.app.inject({ method: 'POST', url: API.admin.login, payload: { username, password } })).data.token;
}

async function auditOf(action: string, targetId: number | string) {
  const response = await call('GET', `${API.admin.auditLog}?action=${action}&target_id=${targetId}`);
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data.list as {
    operator_username: string;
    target_type: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }[];
}

async function defaultSiteId(): Promise<number> {
  return (await t.ctx.db.selectFrom('sites').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
}

const announcement = (overrides: Record<string, unknown> = {}) => ({
  titles: { pt: `Manutenção ${tag}`, en: `Maintenance ${tag}` },
  contents: { pt: 'O site fica fora do ar às 3h.', en: 'The site is down at 3 am.' },
  ...overrides,
});

describe('permissions', () => {
  it('asks for an operator session with info.manage on every endpoint', async () => {
    const member = await registerMember(t.app);
    const endpoints: [Method, string, unknown][] = [
      ['GET', API.admin.notifications, undefined],
      ['POST', API.admin.notifications, { member_id: member.id, title: 'x', body: 'y' }],
      ['GET', API.admin.announcements, undefined],
      ['POST', API.admin.announcements, announcement()],
      ['GET', API.admin.announcement(1), undefined],
      ['PATCH', API.admin.announcement(1), { pinned: true }],
      ['DELETE', API.admin.announcement(1), undefined],
    ];
    const risk = await operatorToken('risk');
    for (const [method, url, payload] of endpoints) {
      expect((await call(method, url, payload, null)).statusCode, `${method} ${url} visitor`).toBe(401);
      expect((await call(method, url, payload, member.token)).statusCode, `${method} ${url} member`).toBe(401);
      expect((await call(method, url, payload, risk)).statusCode, `${method} ${url} risk`).toBe(403);
    }
    // Refused calls wrote nothing.
    expect(await t.ctx.db.selectFrom('notifications').select('id').where('member_id', '=', member.id).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('announcements').select('id').execute()).toEqual([]);

    // support holds info.manage.
    const support = await operatorToken('support');
    const sent = await call(
      'POST',
      `${API.admin.notifications}?lang=en`,
      { member_id: member.id, title: 'Olá', body: 'Bem-vindo' },
      support,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(json(sent).message).toBe('Notification sent to 1 member(s)');
    expect((await auditOf('notification.send', member.id))[0]).toMatchObject({
      operator_username: `support.${tag}`,
      target_type: 'member',
      after: { title: 'Olá', body: 'Bem-vindo', recipients: 1 },
    });
  });
});

describe('notifications', () => {
  it('sends to one member, who reads it as written', async () => {
    const member = await registerMember(t.app);
    const other = await registerMember(t.app);
    const sent = await call('POST', API.admin.notifications, {
      member_id: String(member.id),
      title: '  Seu saque foi revisado  ',
      body: 'Verifique a chave PIX.\nObrigado!',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(json(sent).data.recipients).toBe(1);

    const list = json(await call('GET', `${API.info.notification}?lang=en`, undefined, member.token)).data;
    expect(list.list).toHaveLength(1);
    expect(list.list[0]).toMatchObject({ kind: 'operator', title: 'Seu saque foi revisado', body: 'Verifique a chave PIX.\nObrigado!' });
    expect(json(await call('GET', API.info.notification, undefined, other.token)).data.total).toBe(0);

    const sends = json(await call('GET', `${API.admin.notifications}?page_size=100`)).data;
    expect(sends.list.find((s: { batch: string }) => s.batch === json(sent).data.batch)).toMatchObject({
      audience: 'member',
      member_id: member.id,
      member_account: member.body.account.toLowerCase(),
      title: 'Seu saque foi revisado',
      operator_username: 'admin',
      recipients: 1,
      read: 0,
    });
  });

  it('sends to every member of a site, one row each, and counts who read it', async () => {
    // More members than one insert slice would be slow to register; the count is what matters.
    const members = await Promise.all([registerMember(t.app), registerMember(t.app), registerMember(t.app)]);
    const now = nowIso();
    const elsewhere = await t.ctx.db
      .insertInto('sites')
      .values({
        name: `far-${tag}`,
        host: `far-${tag}.example`,
        brand_name: 'Far',
        default_lang: 'pt',
        support_url: 'https://t.me/far',
        logo_url: '/logo.svg',
        social_links: '[]',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const siteId = await defaultSiteId();
    const expected = await t.ctx.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('site_id', '=', siteId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();

    const sent = await call('POST', API.admin.notifications, { all: true, title: `Promoção ${tag}`, body: 'Fim de semana em dobro' });
    expect(sent.statusCode, sent.body).toBe(200);
    const { recipients, batch } = json(sent).data;
    expect(recipients).toBe(Number(expected.n));
    const rows = await t.ctx.db.selectFrom('notifications').select(['member_id']).where('title', '=', `Promoção ${tag}`).execute();
    expect(rows).toHaveLength(recipients);
    expect(new Set(rows.map((r) => r.member_id)).size).toBe(recipients);

    await call('POST', API.info.notificationRead, {}, members[0]!.token);
    const line = json(await call('GET', `${API.admin.notifications}?page_size=100`)).data.list.find(
      (s: { batch: string }) => s.batch === batch,
    );
    expect(line).toMatchObject({ audience: 'all', member_id: null, site_id: siteId, recipients, read: 1 });
    expect((await auditOf('notification.send', siteId))[0]).toMatchObject({ target_type: 'site', after: { batch, recipients } });

    // A site of its own: no members yet, nobody written to.
    const empty = await call('POST', API.admin.notifications, { all: true, site_id: elsewhere.id, title: 'x', body: 'y' });
    expect(json(empty).data.recipients).toBe(0);
  });

  it('writes a site of more members than one insert slice takes, each member once, none of another site', async () => {
    const now = nowIso();
    const site = await t.ctx.db
      .insertInto('sites')
      .values({
        name: `big-${tag}`,
        host: `big-${tag}.example`,
        brand_name: 'Big',
        default_lang: 'pt',
        support_url: 'https://t.me/big',
        logo_url: '/logo.svg',
        social_links: '[]',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Rows straight in the table: registering 1,201 members through the API would take minutes.
    const COUNT = 1_201;
    const rows = Array.from({ length: COUNT }, (_, i) => ({
      account: `big${tag}${i}`,
      phone: `+5511${String(900_000_000 + i)}${tag}`,
      password_hash: 'x',
      qk_pwd_hash: null,
      realname: 'Membro Teste',
      nickname: null,
      email: null,
      qq: null,
      invite_code: `B${tag}${i}`.slice(0, 16),
      agent_id: null,
      top_id: null,
      site_id: site.id,
      lang: 'pt',
      register_ip: null,
      register_area: null,
      profile_url: null,
      frozen_reason: null,
      created_at: now,
      updated_at: now,
      deleted_at: i === 0 ? now : null,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.ctx.db
        .insertInto('members')
        .values(rows.slice(i, i + 200))
        .execute();

    const sent = await call('POST', API.admin.notifications, { all: true, site_id: site.id, title: `Grande ${tag}`, body: 'Para todos' });
    expect(sent.statusCode, sent.body).toBe(200);
    // The deleted member is left out.
    expect(json(sent).data.recipients).toBe(COUNT - 1);
    const written = await t.ctx.db
      .selectFrom('notifications')
      .innerJoin('members', 'members.id', 'notifications.member_id')
      .select(['notifications.member_id', 'members.site_id', 'members.deleted_at'])
      .where('notifications.title', '=', `Grande ${tag}`)
      .execute();
    expect(written).toHaveLength(COUNT - 1);
    expect(new Set(written.map((r) => r.member_id)).size).toBe(COUNT - 1);
    expect(written.every((r) => r.site_id === site.id && r.deleted_at === null)).toBe(true);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const member = await registerMember(t.app);
    const cases: [unknown, string][] = [
      [{ title: 'x', body: 'y' }, 'member_id'],
      [{ member_id: member.id, all: true, title: 'x', body: 'y' }, 'member_id'],
      [{ all: false, title: 'x', body: 'y' }, 'all'],
      [{ member_id: member.id, title: '', body: 'y' }, 'title'],
      [{ member_id: member.id, title: '   ', body: 'y' }, 'title'],
      [{ member_id: member.id, title: 'x'.repeat(201), body: 'y' }, 'title'],
      [{ member_id: member.id, title: 'x', body: 'y'.repeat(2_001) }, 'body'],
      [{ member_id: member.id, title: 'x' }, 'body'],
      [{ member_id: 'abc', title: 'x', body: 'y' }, 'member_id'],
      [{ member_id: member.id, title: 'x', body: 'y', html: '<b>' }, 'html'],
      [{ member_id: member.id, title: 42, body: 'y' }, 'title'],
      [{ member_id: 999_999_999, title: 'x', body: 'y' }, 'member_id'],
      [{ all: true, site_id: 999_999_999, title: 'x', body: 'y' }, 'site_id'],
    ];
    for (const [payload, field] of cases) {
      const response = await call('POST', `${API.admin.notifications}?lang=en`, payload);
      expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBe(422);
      expect(Object.keys(json(response).errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    const unknown = await call('POST', `${API.admin.notifications}?lang=en`, { member_id: 999_999_999, title: 'x', body: 'y' });
    expect(json(unknown).errors).toEqual({ member_id: ['This member does not exist'] });
    const neither = await call('POST', `${API.admin.notifications}?lang=pt`, { title: 'x', body: 'y' });
    expect(json(neither).errors).toEqual({ member_id: ['Escolha um membro ou envie para todos'] });
    expect(await t.ctx.db.selectFrom('notifications').select('id').where('member_id', '=', member.id).execute()).toEqual([]);
    expect((await call('GET', `${API.admin.notifications}?page_size=101`)).statusCode).toBe(422);
  });
});

describe('announcements', () => {
  it('creates, lists, changes and deletes an announcement, each write audited', async () => {
    const created = await call(
      'POST',
      `${API.admin.announcements}?lang=en`,
      announcement({ pinned: true, titles: { pt: `A ${tag}`, en: '' } }),
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(json(created).message).toBe('Announcement saved');
    const item = json(created).data;
    expect(item).toMatchObject({
      site_id: await defaultSiteId(),
      titles: { pt: `A ${tag}` },
      pinned: true,
      enabled: true,
      starts_at: null,
      ends_at: null,
      state: 'live',
      reads: 0,
      operator_username: 'admin',
    });
    expect(item.titles).not.toHaveProperty('en');
    const createdAudit = (await auditOf('announcement.create', item.id))[0]!;
    expect(createdAudit).toMatchObject({
      operator_username: 'admin',
      target_type: 'announcement',
      after: { titles: { pt: `A ${tag}` }, pinned: true },
    });

    // Players see it; a member opens it; the back office counts the read.
    const member = await registerMember(t.app);
    expect((await call('POST', API.info.announcementRead, { id: item.id }, member.token)).statusCode).toBe(200);
    expect(json(await call('GET', API.admin.announcement(item.id))).data.reads).toBe(1);

    // Scheduling it for tomorrow hides it from players; the diff names only what changed.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const changed = await call('PATCH', API.admin.announcement(item.id), {
      starts_at: tomorrow.toISOString().replace('Z', '+00:00'),
      titles: { pt: `B ${tag}`, en: `B-en ${tag}` },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json(changed).data).toMatchObject({
      state: 'scheduled',
      starts_at: tomorrow.toISOString(),
      titles: { pt: `B ${tag}`, en: `B-en ${tag}` },
    });
    const updateAudit = (await auditOf('announcement.update', item.id))[0]!;
    expect(updateAudit.before).toEqual({ titles: { pt: `A ${tag}` }, starts_at: null });
    expect(updateAudit.after).toEqual({ titles: { pt: `B ${tag}`, en: `B-en ${tag}` }, starts_at: tomorrow.toISOString() });
    const shown = json(await call('GET', `${API.info.announcement}?page_size=100`)).data.list.map((a: { id: number }) => a.id);
    expect(shown).not.toContain(item.id);

    const scheduled = json(await call('GET', `${API.admin.announcements}?state=scheduled&page_size=100`)).data;
    expect(scheduled.list.map((a: { id: number }) => a.id)).toContain(item.id);
    expect(
      json(await call('GET', `${API.admin.announcements}?state=live&page_size=100`)).data.list.map((a: { id: number }) => a.id),
    ).not.toContain(item.id);

    // An end before the stored start is refused even when only the end is sent.
    const backwards = await call('PATCH', `${API.admin.announcement(item.id)}?lang=en`, {
      ends_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(backwards.statusCode).toBe(422);
    expect(json(backwards).errors).toEqual({ ends_at: ['The end must be after the start'] });

    const deleted = await call('DELETE', `${API.admin.announcement(item.id)}?lang=en`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(json(deleted).message).toBe('Announcement deleted');
    expect((await auditOf('announcement.delete', item.id))[0]).toMatchObject({ before: { titles: { pt: `B ${tag}`, en: `B-en ${tag}` } } });
    expect((await call('GET', API.admin.announcement(item.id))).statusCode).toBe(404);
    expect((await call('PATCH', API.admin.announcement(item.id), { pinned: false })).statusCode).toBe(404);
    expect((await call('DELETE', API.admin.announcement(item.id))).statusCode).toBe(404);
    expect(await t.ctx.db.selectFrom('announcement_reads').select('member_id').where('announcement_id', '=', item.id).execute()).toEqual(
      [],
    );
  });

  it('refuses bad announcements with field messages', async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const earlier = new Date(Date.now() - 3_600_000).toISOString();
    const cases: [unknown, string][] = [
      [announcement({ titles: { en: 'only English' } }), 'titles.pt'],
      [announcement({ titles: { pt: '' } }), 'titles.pt'],
      [announcement({ contents: { en: 'x' } }), 'contents.pt'],
      [announcement({ titles: { pt: 'x', xx: 'y' } }), 'titles.xx'],
      [announcement({ titles: { pt: 'x'.repeat(201) } }), 'titles.pt'],
      [announcement({ titles: 'x' }), 'titles'],
      [announcement({ pinned: 'yes' }), 'pinned'],
      [announcement({ starts_at: 'tomorrow' }), 'starts_at'],
      [announcement({ starts_at: '2025-01-01T10:00:00' }), 'starts_at'],
      [announcement({ starts_at: later, ends_at: earlier }), 'ends_at'],
      [announcement({ site_id: 999_999_999 }), 'site_id'],
      [announcement({ html: true }), 'html'],
    ];
    for (const [payload, field] of cases) {
      const response = await call('POST', `${API.admin.announcements}?lang=en`, payload);
      expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBe(422);
      expect(Object.keys(json(response).errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    for (const url of [API.admin.announcement('abc'), API.admin.announcement(0), `${API.admin.announcements}?state=soon`]) {
      expect((await call('GET', url)).statusCode, url).toBe(422);
    }
    expect((await call('PATCH', API.admin.announcement(1), { enabled: 'no' })).statusCode).toBe(422);
    expect(await t.ctx.db.selectFrom('announcements').select('id').where('title_json', 'like', '%only English%').execute()).toEqual([]);
  });
});

describe('hostile input', () => {
  it('never answers 500 to a corrupted field of any information centre write', async () => {
    const member = await registerMember(t.app);
    const existing = json(await call('POST', API.admin.announcements, announcement())).data.id as number;
    const endpoints: { method: Method; url: string; token: string; valid: Record<string, unknown> }[] = [
      { method: 'POST', url: API.admin.notifications, token: admin, valid: { member_id: member.id, title: 't', body: 'b' } },
      { method: 'POST', url: API.admin.announcements, token: admin, valid: announcement({ pinned: true, starts_at: null }) },
      { method: 'PATCH', url: API.admin.announcement(existing), token: admin, valid: { enabled: true, titles: { pt: 'x' } } },
      { method: 'POST', url: API.info.notificationRead, token: member.token, valid: { id: 1 } },
      { method: 'POST', url: API.info.announcementRead, token: member.token, valid: { id: existing } },
    ];
    const hostile: unknown[] = [null, [], {}, -1, 0, 1e308, 'x'.repeat(20_000), '\u0000', true, { $gt: '' }, ['a'], 'NaN'];
    for (const endpoint of endpoints) {
      for (const field of Object.keys(endpoint.valid)) {
        for (const value of hostile) {
          const response = await call(endpoint.method, endpoint.url, { ...endpoint.valid, [field]: value }, endpoint.token);
          expect(response.statusCode, `${endpoint.method} ${endpoint.url} ${field}=${JSON.stringify(value)?.slice(0, 40)}`).toBeLessThan(
            500,
          );
        }
      }
    }
    // Only well-formed notes were written ('NaN' is just a word, so a valid title or body).
    const notes = await t.ctx.db.selectFrom('notifications').select(['title', 'body']).where('member_id', '=', member.id).execute();
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes) {
      expect(['t', 'NaN']).toContain(note.title);
      expect(['b', 'NaN']).toContain(note.body);
    }
  });
});
