import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, registerMember, type TestApp, uniqueAccount, uniquePhone } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Registered = Awaited<ReturnType<typeof registerMember>>;

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url: `${url}?lang=en`, payload: payload as object, headers: token ? bearer(token) : {} });
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

/** The invitation tree rows of a member: ancestor id to depth. */
async function ancestors(memberId: number): Promise<Record<number, number>> {
  const rows = await t.ctx.db.selectFrom('agency_tree').select(['ancestor_id', 'depth']).where('member_id', '=', memberId).execute();
  return Object.fromEntries(rows.map((row) => [row.ancestor_id, row.depth]));
}

async function memberRow(id: number) {
  return t.ctx.db.selectFrom('members').select(['agent_id', 'top_id', 'created_at']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** A member invited by `inviter` through its invite link (the register form sends the code). */
const invitedBy = (inviter: Registered) => registerMember(t.app, { invite_code: inviter.user.invite_code });

describe('registration through an invite link', () => {
  it('puts the invitee at depth 1 of its inviter and the invitee’s own invitee at depth 2', async () => {
    const agent = await registerMember(t.app);
    const direct = await invitedBy(agent);
    const indirect = await invitedBy(direct);
    const third = await invitedBy(indirect);
    const fourth = await invitedBy(third);

    expect(await ancestors(direct.id)).toEqual({ [agent.id]: 1 });
    expect(await ancestors(indirect.id)).toEqual({ [direct.id]: 1, [agent.id]: 2 });
    expect(await ancestors(third.id)).toEqual({ [indirect.id]: 1, [direct.id]: 2, [agent.id]: 3 });
    // Level 4 and below earn the first agent nothing: the tree stops at 3 levels.
    expect(await ancestors(fourth.id)).toEqual({ [third.id]: 1, [indirect.id]: 2, [direct.id]: 3 });
    expect((await memberRow(fourth.id)).top_id).toBe(agent.id);

    const overview = json(await get(`${API.agency.overview}?lang=en`, agent.token));
    expect(overview.data).toMatchObject({
      member_id: agent.id,
      invite_code: agent.user.invite_code,
      invite_link: `http://localhost:3000/?invite_code=${agent.user.invite_code}`,
      inviter_id: null,
      direct_count: 1,
      indirect_count: 2,
      pending_commission: '0.00',
      total_commission: '0.00',
      agent_label: 'Ordinary agent',
    });
    expect(json(await get(`${API.agency.overview}?lang=pt`, direct.token)).data).toMatchObject({
      inviter_id: agent.id,
      direct_count: 1,
      indirect_count: 2,
      agent_label: 'Agente comum',
    });

    const all = json(await get(API.agency.subordinates, agent.token)).data;
    expect(all.total).toBe(3);
    expect(all.list.map((row: { uid: number; level: number }) => [row.uid, row.level])).toEqual([
      [third.id, 3],
      [indirect.id, 2],
      [direct.id, 1],
    ]);
    const byUid = Object.fromEntries(all.list.map((row: { uid: number; account: string }) => [row.uid, row.account]));
    expect(byUid[direct.id]).toBe(direct.user.name);
    const name: string = indirect.user.name;
    expect(byUid[indirect.id]).toBe(`${name.slice(0, 2)}***${name.slice(-2)}`);

    const indirectOnly = json(await get(`${API.agency.subordinates}?level=2`, agent.token)).data;
    expect(indirectOnly.list.map((row: { uid: number }) => row.uid)).toEqual([indirect.id]);
    expect((await get(`${API.agency.subordinates}?level=4`, agent.token)).statusCode).toBe(422);
  });
});

describe('an agent registering a subordinate', () => {
  const subordinate = (overrides: Record<string, unknown> = {}) => ({
    account: uniqueAccount('sub'),
    password: 'secret123',
    confirm_password: 'secret123',
    phone: uniquePhone(),
    ...overrides,
  });

  it('creates a member under the agent that can log in with its own password', async () => {
    const top = await registerMember(t.app);
    const agent = await invitedBy(top);
    const body = subordinate({ realname: 'João Souza' });
    const response = await post(API.agency.subordinateRegister, body, agent.token);
    expect(response.statusCode).toBe(200);
    const created = json(response);
    expect(created.message).toBe('Subordinate registered');
    expect(created.data).toMatchObject({ account: body.account.toLowerCase() });
    expect(created.data.invite_code).toMatch(/^[A-Z0-9]+$/);
    const uid = created.data.uid as number;

    expect(await memberRow(uid)).toMatchObject({ agent_id: agent.id, top_id: top.id });
    expect(await ancestors(uid)).toEqual({ [agent.id]: 1, [top.id]: 2 });
    const accounts = await t.ctx.db.selectFrom('ledger_accounts').select('kind').where('member_id', '=', uid).orderBy('kind').execute();
    expect(accounts.map((a) => a.kind)).toEqual(['bonus', 'cash', 'rebate']);

    const login = await post(API.login, { account: body.account, password: body.password });
    expect(login.statusCode).toBe(200);
    expect(json(login).data.user).toMatchObject({ id: uid, agent_id: agent.id, realname: 'João Souza' });
    const hash = await t.ctx.db.selectFrom('members').select('password_hash').where('id', '=', uid).executeTakeFirstOrThrow();
    expect(hash.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses taken accounts and phones, mismatched passwords and visitors, creating nothing', async () => {
    const agent = await registerMember(t.app);
    const before = await t.ctx.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();

    const taken = await post(
      API.agency.subordinateRegister,
      subordinate({ account: agent.body.account, phone: agent.body.phone }),
      agent.token,
    );
    expect(taken.statusCode).toBe(422);
    expect(Object.keys(json(taken).errors ?? {}).sort()).toEqual(['account', 'phone']);

    const mismatch = await post(API.agency.subordinateRegister, subordinate({ confirm_password: 'other123' }), agent.token);
    expect(mismatch.statusCode).toBe(422);
    expect(json(mismatch).errors?.confirm_password).toBeDefined();

    const badPhone = await post(API.agency.subordinateRegister, subordinate({ phone: '123' }), agent.token);
    expect(badPhone.statusCode).toBe(422);

    const visitor = await post(API.agency.subordinateRegister, subordinate());
    expect(visitor.statusCode).toBe(401);
    expect(json(visitor).message).toBe('Currently not logged in, please log in first');

    const after = await t.ctx.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('what a member sees of the agency', () => {
  it('shows each member only its own team and records', async () => {
    const agent = await registerMember(t.app);
    const mine = await invitedBy(agent);
    const stranger = await registerMember(t.app);
    const theirs = await invitedBy(stranger);

    const list = json(await get(API.agency.subordinates, agent.token)).data;
    expect(list.list.map((row: { uid: number }) => row.uid)).toEqual([mine.id]);
    const strangerList = json(await get(API.agency.subordinates, stranger.token)).data;
    expect(strangerList.list.map((row: { uid: number }) => row.uid)).toEqual([theirs.id]);

    // Asking the record for someone else's invitee answers nothing about it.
    const record = json(await post(API.agency.inviteRecord, { uid: theirs.id }, agent.token)).data;
    expect(record).toMatchObject({ list: [], total: 0 });
    const own = json(await post(API.agency.inviteRecord, { uid: mine.id }, agent.token)).data;
    expect(own.list).toEqual([
      expect.objectContaining({
        my_id: agent.id,
        inviter_id: agent.id,
        invitation_code: agent.user.invite_code,
        invitee_uid: mine.id,
        invitee_account: mine.user.name,
        level: 1,
        first_recharge_at: null,
        direct_reward: '0.00',
        indirect_reward: '0.00',
      }),
    ]);
    // The subordinate does not see its agent in its own team.
    expect(json(await get(API.agency.subordinates, mine.token)).data).toMatchObject({ list: [], total: 0 });

    for (const [method, url] of [
      ['GET', API.agency.overview],
      ['GET', API.agency.subordinates],
      ['POST', API.agency.inviteRecord],
      ['POST', API.agency.reward],
    ] as const) {
      const visitor = await t.app.inject({ method, url: `${url}?lang=en` });
      expect({ url, status: visitor.statusCode, message: json(visitor).message }).toEqual({
        url,
        status: 401,
        message: 'Currently not logged in, please log in first',
      });
    }
  });
});

describe('hostile input', () => {
  const HOSTILE: unknown[] = [
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '\u0000',
    '../../etc/passwd',
    '😀'.repeat(40),
    -1,
    1e308,
    [],
    {},
    null,
    true,
  ];

  it('never answers a corrupted field with a 500; the writing calls refuse it and create nothing', async () => {
    const agent = await registerMember(t.app);
    // Lists coerce their paging numbers (true reads as 1), so only the writing calls must refuse.
    const endpoints: { url: string; writes: boolean; valid: Record<string, unknown> }[] = [
      {
        url: API.agency.subordinateRegister,
        writes: true,
        valid: { account: uniqueAccount('h'), password: 'secret123', confirm_password: 'secret123', phone: uniquePhone() },
      },
      { url: API.agency.bind, writes: true, valid: { phone: agent.user.phone, invite_code: agent.user.invite_code, uid: agent.id } },
      { url: API.agency.inviteRecord, writes: false, valid: { page: 1, page_size: 20, uid: agent.id } },
      { url: API.agency.reward, writes: false, valid: { page: 1, page_size: 20, days: 7 } },
    ];
    const before = await t.ctx.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const endpoint of endpoints) {
      for (const field of [...Object.keys(endpoint.valid), 'unexpected']) {
        for (const value of HOSTILE) {
          const payload = { ...endpoint.valid, [field]: value };
          const response = await post(endpoint.url, payload, agent.token);
          const label = `${endpoint.url} ${field}=${JSON.stringify(value)} -> ${response.body.slice(0, 160)}`;
          expect(response.statusCode, label).toBeLessThan(500);
          if (endpoint.writes) expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
        }
      }
    }
    for (const query of ['level=x', 'level=0', 'page=-1', 'page_size=1000', 'level=%00']) {
      const response = await get(`${API.agency.subordinates}?${query}`, agent.token);
      expect(response.statusCode, query).toBe(422);
    }
    const after = await t.ctx.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
