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

/** The stable machine-readable code of a failure answer. */
const errorCode = (response: { json(): unknown }) => (response.json() as { error_code?: string }).error_code;

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

describe('binding an invitee (phone, invite code, UID)', () => {
  const bind = (agent: Registered, invitee: { id: number; phone: string }, code = agent.user.invite_code as string) =>
    post(API.agency.bind, { phone: invitee.phone, invite_code: code, uid: invitee.id }, agent.token);
  const phoneOf = (member: Registered) => member.user.phone as string;

  it('binds a member without inviter, its own team following it into the agent’s tree', async () => {
    const top = await registerMember(t.app);
    const agent = await invitedBy(top);
    const loner = await registerMember(t.app);
    const lonerInvitee = await invitedBy(loner);
    const lonerSecond = await invitedBy(lonerInvitee);

    const response = await bind(agent, { id: loner.id, phone: phoneOf(loner) }, agent.user.invite_code.toLowerCase());
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ message: 'The member is now your invitee', data: { uid: loner.id, inviter_id: agent.id } });

    expect(await memberRow(loner.id)).toMatchObject({ agent_id: agent.id, top_id: top.id });
    expect(await ancestors(loner.id)).toEqual({ [agent.id]: 1, [top.id]: 2 });
    expect(await ancestors(lonerInvitee.id)).toEqual({ [loner.id]: 1, [agent.id]: 2, [top.id]: 3 });
    expect(await ancestors(lonerSecond.id)).toEqual({ [lonerInvitee.id]: 1, [loner.id]: 2, [agent.id]: 3 });
    expect((await memberRow(lonerInvitee.id)).top_id).toBe(top.id);
    expect((await memberRow(lonerSecond.id)).top_id).toBe(top.id);

    // A member registering into the bound team afterwards lands under the new ancestors too.
    const late = await invitedBy(loner);
    expect(await ancestors(late.id)).toEqual({ [loner.id]: 1, [agent.id]: 2, [top.id]: 3 });

    const overview = json(await get(API.agency.overview, agent.token)).data;
    expect(overview).toMatchObject({ direct_count: 1, indirect_count: 3 });

    // Bound once: a second binding, by anyone, is refused.
    const again = await bind(agent, { id: loner.id, phone: phoneOf(loner) });
    expect(again.statusCode).toBe(422);
    expect(errorCode(again)).toBe('ALREADY_BOUND');
  });

  it('refuses each case the rules name, binding nothing', async () => {
    const agent = await registerMember(t.app);
    const other = await registerMember(t.app);
    const loner = await registerMember(t.app);
    const invited = await invitedBy(other);
    const lonerTarget = { id: loner.id, phone: phoneOf(loner) };

    const cases: [string, Promise<Awaited<ReturnType<typeof post>>>, number, string][] = [
      ['someone else’s code', bind(agent, lonerTarget, other.user.invite_code), 422, 'BIND_NOT_ALLOWED'],
      ['an unknown UID', bind(agent, { id: 999_999_999, phone: phoneOf(loner) }), 409, 'USER_DOES_NOT_EXIST'],
      ['a phone that is not the member’s', bind(agent, { id: loner.id, phone: phoneOf(other) }), 409, 'USER_DOES_NOT_EXIST'],
      ['a member who has an inviter', bind(agent, { id: invited.id, phone: phoneOf(invited) }), 422, 'ALREADY_BOUND'],
      ['the agent itself', bind(agent, { id: agent.id, phone: phoneOf(agent) }), 422, 'BIND_NOT_ALLOWED'],
    ];
    for (const [label, pending, status, code] of cases) {
      const response = await pending;
      expect({ label, status: response.statusCode, code: errorCode(response) }).toEqual({ label, status, code });
    }
    const unknown = json(await bind(agent, { id: 999_999_999, phone: phoneOf(loner) }));
    expect(unknown.message).toBe('USER DOES NOT EXIST');
    expect((await memberRow(loner.id)).agent_id).toBeNull();
    expect(await ancestors(loner.id)).toEqual({});

    const visitor = await post(API.agency.bind, { phone: phoneOf(loner), invite_code: agent.user.invite_code, uid: loner.id });
    expect(visitor.statusCode).toBe(401);
    const malformed = await post(API.agency.bind, { phone: 'x', invite_code: 'a-b', uid: 'one' }, agent.token);
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(json(malformed).errors ?? {}).sort()).toEqual(['invite_code', 'phone', 'uid']);
  });

  it('refuses a member registered a week ago or more', async () => {
    const agent = await registerMember(t.app);
    const old = await registerMember(t.app);
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
    await t.ctx.db.updateTable('members').set({ created_at: eightDaysAgo }).where('id', '=', old.id).execute();
    const response = await bind(agent, { id: old.id, phone: phoneOf(old) });
    expect(response.statusCode).toBe(422);
    expect(errorCode(response)).toBe('BIND_NOT_ALLOWED');
    expect((await memberRow(old.id)).agent_id).toBeNull();
  });

  it('refuses binding an ancestor of the agent, however far up (no loops)', async () => {
    const root = await registerMember(t.app);
    const one = await invitedBy(root);
    const two = await invitedBy(one);
    const three = await invitedBy(two);
    const four = await invitedBy(three);
    // root is 4 levels above `four`: beyond the closure rows, found by walking the inviters.
    const response = await bind(four, { id: root.id, phone: phoneOf(root) });
    expect(response.statusCode).toBe(422);
    expect(errorCode(response)).toBe('BIND_NOT_ALLOWED');
    expect((await memberRow(root.id)).agent_id).toBeNull();
    const direct = await bind(one, { id: root.id, phone: phoneOf(root) });
    expect(errorCode(direct)).toBe('BIND_NOT_ALLOWED');
  });

  it('binds once when two agents race for the same member', async () => {
    const agents = await Promise.all(Array.from({ length: 6 }, () => registerMember(t.app)));
    const loner = await registerMember(t.app);
    const answers = await Promise.all(agents.map((agent) => bind(agent, { id: loner.id, phone: phoneOf(loner) })));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 422, 422, 422, 422, 422]);
    const winner = agents[answers.findIndex((a) => a.statusCode === 200)]!;
    expect(await ancestors(loner.id)).toEqual({ [winner.id]: 1 });
  });

  it('never closes a loop when two teams bind each other’s root at the same time', async () => {
    const rootA = await registerMember(t.app);
    const agentA = await invitedBy(rootA);
    const rootB = await registerMember(t.app);
    const agentB = await invitedBy(rootB);
    const [ab, ba] = await Promise.all([
      bind(agentA, { id: rootB.id, phone: phoneOf(rootB) }),
      bind(agentB, { id: rootA.id, phone: phoneOf(rootA) }),
    ]);
    expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 422]);
    const roots = await Promise.all([memberRow(rootA.id), memberRow(rootB.id)]);
    expect(roots.filter((row) => row.agent_id === null)).toHaveLength(1);
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
