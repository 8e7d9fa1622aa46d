import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';

/**
 * Binding by consent (issue 10 item 8): the agent's bind call only asks; the member accepts or
 * declines the request in its information centre, or enters an invite code itself. Nothing links
 * a member into a team without one of those two actions of the member.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Registered = Awaited<ReturnType<typeof registerMember>>;
type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url: `${url}?lang=en`, payload: payload as object, headers: token ? bearer(token) : {} });
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url: `${url}?lang=en`, headers: token ? bearer(token) : {} });
const errorCode = (response: Answer) => json(response).error_code;

const invitedBy = (inviter: Registered) => registerMember(t.app, { invite_code: inviter.user.invite_code });
const phoneOf = (member: Registered) => member.user.phone as string;

/** The agent asks `member` to join its team (spec: phone, invite code, UID). */
const ask = (agent: Registered, member: { id: number; phone: string }, code = agent.user.invite_code as string) =>
  post(API.agency.bind, { phone: member.phone, invite_code: code, uid: member.id }, agent.token);
const askMember = (agent: Registered, member: Registered) => ask(agent, { id: member.id, phone: phoneOf(member) });
const requestsOf = async (member: Registered) => json(await get(API.agency.bindRequests, member.token)).data.list as { id: number }[];
const accept = (member: Registered, id: number) => post(API.agency.bindAccept, { id }, member.token);
const decline = (member: Registered, id: number) => post(API.agency.bindDecline, { id }, member.token);
const enterCode = (member: Registered, code: string) => post(API.agency.bindByCode, { invite_code: code }, member.token);

async function ancestors(memberId: number): Promise<Record<number, number>> {
  const rows = await t.ctx.db.selectFrom('agency_tree').select(['ancestor_id', 'depth']).where('member_id', '=', memberId).execute();
  return Object.fromEntries(rows.map((row) => [row.ancestor_id, row.depth]));
}
async function memberRow(id: number) {
  return t.ctx.db.selectFrom('members').select(['agent_id', 'top_id']).where('id', '=', id).executeTakeFirstOrThrow();
}
async function notifications(member: Registered) {
  return json(await get(API.info.notification, member.token)).data.list as { kind: string; title: string; body: string }[];
}
/** The one open request `member` has, asserted. */
async function onlyRequest(member: Registered): Promise<number> {
  const list = await requestsOf(member);
  expect(list).toHaveLength(1);
  return list[0]!.id;
}

describe('an agent asking a member to join its team', () => {
  it('links nothing until the member accepts; accepting links the member and its own team', async () => {
    const top = await registerMember(t.app);
    const agent = await invitedBy(top);
    const loner = await registerMember(t.app);
    const lonerInvitee = await invitedBy(loner);

    const asked = await ask(agent, { id: loner.id, phone: phoneOf(loner) }, agent.user.invite_code.toLowerCase());
    expect(asked.statusCode).toBe(200);
    const answer = json(asked);
    expect(answer.message).toBe('Request sent: the member must accept it in their information centre');
    expect(answer.data).toMatchObject({ uid: loner.id, inviter_id: agent.id, status: 'pending' });
    const expiresIn = Date.parse(answer.data.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(6.9 * 86_400_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 86_400_000);

    // Asked is not bound: no inviter, no tree rows, no team counted for the agent.
    expect(await memberRow(loner.id)).toMatchObject({ agent_id: null, top_id: null });
    expect(await ancestors(loner.id)).toEqual({});
    expect(json(await get(API.agency.overview, agent.token)).data).toMatchObject({ direct_count: 0, indirect_count: 0 });

    // The member sees who asks, in its requests and in its information centre.
    const list = json(await get(API.agency.bindRequests, loner.token)).data.list;
    expect(list).toEqual([
      expect.objectContaining({ agent_uid: agent.id, agent_account: agent.user.name, invite_code: agent.user.invite_code }),
    ]);
    const [note] = await notifications(loner);
    expect(note).toMatchObject({ kind: 'agency_bind_request', title: "Invitation to an agent's team" });
    expect(note!.body).toContain(`Agent ${agent.user.name} (ID ${agent.id})`);

    // Asking again while it is open answers the same request; nothing new is written.
    const again = await askMember(agent, loner);
    expect(json(again).data.expires_at).toBe(answer.data.expires_at);
    expect(await notifications(loner)).toHaveLength(1);

    const accepted = await accept(loner, list[0].id);
    expect(accepted.statusCode).toBe(200);
    expect(json(accepted)).toMatchObject({ message: "You joined the agent's team", data: { uid: loner.id, inviter_id: agent.id } });
    expect(await memberRow(loner.id)).toMatchObject({ agent_id: agent.id, top_id: top.id });
    expect(await ancestors(loner.id)).toEqual({ [agent.id]: 1, [top.id]: 2 });
    expect(await ancestors(lonerInvitee.id)).toEqual({ [loner.id]: 1, [agent.id]: 2, [top.id]: 3 });
    expect((await memberRow(lonerInvitee.id)).top_id).toBe(top.id);
    expect(json(await get(API.agency.overview, agent.token)).data).toMatchObject({ direct_count: 1, indirect_count: 1 });
    expect((await notifications(agent))[0]).toMatchObject({
      kind: 'agency_bind_accepted',
      body: `Member ID ${loner.id} accepted your invitation and is now in your team.`,
    });

    expect(await requestsOf(loner)).toEqual([]);
    const twice = await accept(loner, list[0].id);
    expect({ status: twice.statusCode, code: errorCode(twice) }).toEqual({ status: 422, code: 'BIND_REQUEST_CLOSED' });
    const rebind = await askMember(await registerMember(t.app), loner);
    expect({ status: rebind.statusCode, code: errorCode(rebind) }).toEqual({ status: 422, code: 'ALREADY_BOUND' });
  });

  it('declining links nothing, and that agent cannot ask again', async () => {
    const agent = await registerMember(t.app);
    const member = await registerMember(t.app);
    expect((await askMember(agent, member)).statusCode).toBe(200);
    const id = await onlyRequest(member);

    const declined = await decline(member, id);
    expect(declined.statusCode).toBe(200);
    expect(json(declined)).toMatchObject({ message: 'Request declined', data: { id, status: 'declined' } });
    expect(await memberRow(member.id)).toMatchObject({ agent_id: null });
    expect(await ancestors(member.id)).toEqual({});
    expect((await notifications(agent))[0]).toMatchObject({ kind: 'agency_bind_declined' });
    expect(await requestsOf(member)).toEqual([]);

    const late = await accept(member, id);
    expect({ status: late.statusCode, code: errorCode(late) }).toEqual({ status: 422, code: 'BIND_REQUEST_CLOSED' });
    const askedAgain = await askMember(agent, member);
    expect({ status: askedAgain.statusCode, code: errorCode(askedAgain) }).toEqual({ status: 422, code: 'BIND_NOT_ALLOWED' });
    // Another agent still may ask.
    expect((await askMember(await registerMember(t.app), member)).statusCode).toBe(200);
    expect(await memberRow(member.id)).toMatchObject({ agent_id: null });
  });

  it('keeps one open request per member: a second agent waits until the first is answered', async () => {
    const first = await registerMember(t.app);
    const second = await registerMember(t.app);
    const member = await registerMember(t.app);
    expect((await askMember(first, member)).statusCode).toBe(200);
    const blocked = await askMember(second, member);
    expect({ status: blocked.statusCode, code: errorCode(blocked) }).toEqual({ status: 422, code: 'BIND_REQUEST_PENDING' });
    expect(json(blocked).message).toBe('This member already has an open request to join a team');
    expect(await decline(member, await onlyRequest(member))).toHaveProperty('statusCode', 200);
    expect((await askMember(second, member)).statusCode).toBe(200);
  });

  it('a lapsed request cannot be accepted and no longer blocks another agent', async () => {
    const agent = await registerMember(t.app);
    const member = await registerMember(t.app);
    await askMember(agent, member);
    const id = await onlyRequest(member);
    await t.ctx.db
      .updateTable('agency_bind_requests')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();

    expect(await requestsOf(member)).toEqual([]);
    const late = await accept(member, id);
    expect({ status: late.statusCode, code: errorCode(late) }).toEqual({ status: 422, code: 'BIND_REQUEST_CLOSED' });
    expect(await memberRow(member.id)).toMatchObject({ agent_id: null });

    const other = await registerMember(t.app);
    expect((await askMember(other, member)).statusCode).toBe(200);
    const statuses = await t.ctx.db
      .selectFrom('agency_bind_requests')
      .select(['agent_id', 'status'])
      .where('member_id', '=', member.id)
      .orderBy('id')
      .execute();
    expect(statuses).toEqual([
      { agent_id: agent.id, status: 'expired' },
      { agent_id: other.id, status: 'pending' },
    ]);
  });

  it('refuses each case the rules name, asking nothing', async () => {
    const agent = await registerMember(t.app);
    const other = await registerMember(t.app);
    const loner = await registerMember(t.app);
    const invited = await invitedBy(other);
    const lonerTarget = { id: loner.id, phone: phoneOf(loner) };
    const old = await registerMember(t.app);
    await t.ctx.db
      .updateTable('members')
      .set({ created_at: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .where('id', '=', old.id)
      .execute();

    const cases: [string, Promise<Answer>, number, string][] = [
      ['someone else’s code', ask(agent, lonerTarget, other.user.invite_code), 422, 'BIND_NOT_ALLOWED'],
      ['an unknown UID', ask(agent, { id: 999_999_999, phone: phoneOf(loner) }), 409, 'USER_DOES_NOT_EXIST'],
      ['a phone that is not the member’s', ask(agent, { id: loner.id, phone: phoneOf(other) }), 409, 'USER_DOES_NOT_EXIST'],
      ['a member who has an inviter', askMember(agent, invited), 422, 'ALREADY_BOUND'],
      ['the agent itself', askMember(agent, agent), 422, 'BIND_NOT_ALLOWED'],
      ['a member registered a week ago or more', askMember(agent, old), 422, 'BIND_NOT_ALLOWED'],
    ];
    for (const [label, pending, status, code] of cases) {
      const response = await pending;
      expect({ label, status: response.statusCode, code: errorCode(response) }).toEqual({ label, status, code });
    }
    expect(json(await ask(agent, { id: 999_999_999, phone: phoneOf(loner) })).message).toBe('USER DOES NOT EXIST');
    for (const member of [loner, invited, old]) expect(await requestsOf(member)).toEqual([]);

    const malformed = await post(API.agency.bind, { phone: 'x', invite_code: 'a-b', uid: 'one' }, agent.token);
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(json(malformed).errors ?? {}).sort()).toEqual(['invite_code', 'phone', 'uid']);
  });

  it('refuses asking an ancestor of the agent, however far up (no loops)', async () => {
    const root = await registerMember(t.app);
    const one = await invitedBy(root);
    const two = await invitedBy(one);
    const three = await invitedBy(two);
    const four = await invitedBy(three);
    for (const agent of [four, one]) {
      const response = await askMember(agent, root);
      expect(errorCode(response)).toBe('BIND_NOT_ALLOWED');
    }
    expect(await requestsOf(root)).toEqual([]);
  });
});

describe('only the member answers its requests', () => {
  it('shows and answers a request only to the member it is addressed to', async () => {
    const agent = await registerMember(t.app);
    const member = await registerMember(t.app);
    const stranger = await registerMember(t.app);
    await askMember(agent, member);
    const id = await onlyRequest(member);

    expect(await requestsOf(stranger)).toEqual([]);
    expect(await requestsOf(agent)).toEqual([]);
    for (const [who, call] of [
      ['a stranger accepting', accept(stranger, id)],
      ['a stranger declining', decline(stranger, id)],
      ['the agent accepting its own request', accept(agent, id)],
      ['an id that does not exist', accept(member, 999_999_999)],
    ] as const) {
      const response = await call;
      expect({ who, status: response.statusCode, code: errorCode(response) }).toEqual({ who, status: 404, code: 'BIND_REQUEST_NOT_FOUND' });
    }
    expect(await memberRow(member.id)).toMatchObject({ agent_id: null });
    expect(await memberRow(stranger.id)).toMatchObject({ agent_id: null });
    expect(await onlyRequest(member)).toBe(id);

    for (const [method, url] of [
      ['GET', API.agency.bindRequests],
      ['POST', API.agency.bindAccept],
      ['POST', API.agency.bindDecline],
      ['POST', API.agency.bindByCode],
    ] as const) {
      const visitor = await t.app.inject({ method, url: `${url}?lang=en`, ...(method === 'POST' ? { payload: {} } : {}) });
      expect({ url, status: visitor.statusCode, message: json(visitor).message }).toEqual({
        url,
        status: 401,
        message: 'Currently not logged in, please log in first',
      });
    }
    for (const body of [{}, { id: 'x' }, { id: -1 }, { id }, { id, extra: 1 }]) {
      const response = await post(API.agency.bindAccept, body, stranger.token);
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    expect(await memberRow(stranger.id)).toMatchObject({ agent_id: null });
  });
});

describe('a member entering an invite code', () => {
  it('joins that agent’s team at once, closing its open request', async () => {
    const top = await registerMember(t.app);
    const agent = await invitedBy(top);
    const member = await registerMember(t.app);
    const memberInvitee = await invitedBy(member);
    const asker = await registerMember(t.app);
    await askMember(asker, member);
    const id = await onlyRequest(member);

    const joined = await enterCode(member, agent.user.invite_code.toLowerCase());
    expect(joined.statusCode).toBe(200);
    expect(json(joined)).toMatchObject({ message: "You joined the agent's team", data: { uid: member.id, inviter_id: agent.id } });
    expect(await memberRow(member.id)).toMatchObject({ agent_id: agent.id, top_id: top.id });
    expect(await ancestors(member.id)).toEqual({ [agent.id]: 1, [top.id]: 2 });
    expect(await ancestors(memberInvitee.id)).toEqual({ [member.id]: 1, [agent.id]: 2, [top.id]: 3 });
    expect((await notifications(agent))[0]).toMatchObject({ kind: 'agency_team_joined' });

    expect(await requestsOf(member)).toEqual([]);
    const stale = await accept(member, id);
    expect({ status: stale.statusCode, code: errorCode(stale) }).toEqual({ status: 422, code: 'BIND_REQUEST_CLOSED' });
    const again = await enterCode(member, top.user.invite_code);
    expect({ status: again.statusCode, code: errorCode(again) }).toEqual({ status: 422, code: 'ALREADY_HAS_INVITER' });
    expect(json(again).message).toBe('You already have an inviter');
  });

  it('refuses unknown and own codes, a team below the member, and a member past its first week', async () => {
    const member = await registerMember(t.app);
    const below = await invitedBy(member);
    const unknown = await enterCode(member, 'ZZZZZZZZ9');
    expect(unknown.statusCode).toBe(422);
    expect(json(unknown).errors).toEqual({ invite_code: ['This invitation code does not exist'] });
    const own = await enterCode(member, member.user.invite_code);
    expect(errorCode(own)).toBe('JOIN_NOT_ALLOWED');
    const loop = await enterCode(member, below.user.invite_code);
    expect(errorCode(loop)).toBe('JOIN_NOT_ALLOWED');
    expect(await memberRow(member.id)).toMatchObject({ agent_id: null });

    const agent = await registerMember(t.app);
    const old = await registerMember(t.app);
    await t.ctx.db
      .updateTable('members')
      .set({ created_at: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .where('id', '=', old.id)
      .execute();
    const late = await enterCode(old, agent.user.invite_code);
    expect({ status: late.statusCode, code: errorCode(late) }).toEqual({ status: 422, code: 'JOIN_WINDOW_CLOSED' });
    expect(await memberRow(old.id)).toMatchObject({ agent_id: null });

    for (const body of [{}, { invite_code: '' }, { invite_code: 'a-b' }, { invite_code: agent.user.invite_code, uid: 1 }]) {
      const response = await post(API.agency.bindByCode, body, member.token);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await memberRow(member.id)).toMatchObject({ agent_id: null });
  });
});

describe('answers at the same instant', () => {
  it('links once when the member accepts the same request several times at once', async () => {
    const agent = await registerMember(t.app);
    const member = await registerMember(t.app);
    await askMember(agent, member);
    const id = await onlyRequest(member);
    const answers = await Promise.all(Array.from({ length: 6 }, () => accept(member, id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    expect(answers.filter((a) => a.statusCode === 422).map(errorCode)).toEqual(Array(5).fill('BIND_REQUEST_CLOSED'));
    expect(await ancestors(member.id)).toEqual({ [agent.id]: 1 });
    const accepted = (await notifications(agent)).filter((n) => n.kind === 'agency_bind_accepted');
    expect(accepted).toHaveLength(1);
  });

  it('leaves one open request when several agents ask at once', async () => {
    const agents = await Promise.all(Array.from({ length: 6 }, () => registerMember(t.app)));
    const member = await registerMember(t.app);
    const answers = await Promise.all(agents.map((agent) => askMember(agent, member)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    expect(answers.filter((a) => a.statusCode === 422).map(errorCode)).toEqual(Array(5).fill('BIND_REQUEST_PENDING'));
    expect(await requestsOf(member)).toHaveLength(1);
    expect(await notifications(member)).toHaveLength(1);
  });

  it('links once when the member accepts a request and enters a code at the same time', async () => {
    const asker = await registerMember(t.app);
    const other = await registerMember(t.app);
    const member = await registerMember(t.app);
    await askMember(asker, member);
    const id = await onlyRequest(member);
    const [accepted, entered] = await Promise.all([accept(member, id), enterCode(member, other.user.invite_code)]);
    expect([accepted.statusCode, entered.statusCode].sort()).toEqual([200, 422]);
    const row = await memberRow(member.id);
    expect([asker.id, other.id]).toContain(row.agent_id);
    expect(await ancestors(member.id)).toEqual({ [row.agent_id!]: 1 });
  });

  it('never closes a loop when two team roots accept each other’s team at the same time', async () => {
    const rootA = await registerMember(t.app);
    const agentA = await invitedBy(rootA);
    const rootB = await registerMember(t.app);
    const agentB = await invitedBy(rootB);
    await askMember(agentA, rootB);
    await askMember(agentB, rootA);
    const [idB, idA] = [await onlyRequest(rootB), await onlyRequest(rootA)];
    const [ab, ba] = await Promise.all([accept(rootB, idB), accept(rootA, idA)]);
    expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 422]);
    expect([errorCode(ab), errorCode(ba)]).toContain('JOIN_NOT_ALLOWED');
    const roots = await Promise.all([memberRow(rootA.id), memberRow(rootB.id)]);
    expect(roots.filter((row) => row.agent_id === null)).toHaveLength(1);
  });
});
