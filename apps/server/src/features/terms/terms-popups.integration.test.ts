import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.ts';
import { checkStakes } from '../../platform/responsible/stakes.ts';
import { forgetTermsVersions } from '../../platform/terms/terms-standing.ts';
import { adminToken, registerMember, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, get, houseTestApp, player, post } from '../house-games/house.test-helpers.ts';

/**
 * Terms documents and reminder popups (issue 15 items 4 and 5) on a real database (SQLite and
 * PostgreSQL): the first version takes effect at once and registration accepts it; a change is
 * announced at least 14 days ahead (less is refused), shows in pending and in the information
 * centre; once in force a bet is refused 403 TERMS_NOT_ACCEPTED until the member accepts (stored
 * with the IP); popups by audience and dates, with the member's off flag.
 */

let t: TestApp;
let admin: string;
const DAY = 86_400_000;

beforeAll(async () => {
  forgetTermsVersions();
  t = await houseTestApp();
  admin = await adminToken(t.app);
});
afterAll(async () => {
  clock.reset();
  forgetTermsVersions();
  await expectLedgerSound(t);
  await t.close();
});

const patch = async (url: string, payload: unknown, token: string) => {
  const response = await t.app.inject({ method: 'PATCH', url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, body: response.json() };
};

async function draft(kind: string, pt: string) {
  const created = await post(
    t,
    API.admin.legalDocuments,
    { kind, titles: { pt: `Termos ${pt}`, en: `Terms ${pt}` }, contents: { pt: `# ${pt}\n\nTexto **${pt}**.`, en: `# ${pt}` } },
    admin,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data as { id: number; version: number; status: string };
}

const dice = (token: string) => post(t, API.house.dice, { amount: '1.00', target: '50', direction: 'over' }, token);

describe('terms documents', () => {
  it('publishes, announces 14 days ahead, refuses bets until accepted, and stores the acceptance', async () => {
    const before = await player(t);
    expect((await dice(before.token)).status).toBe(200);

    // The first version may take effect at once; a member who never accepted it must now.
    const v1 = await draft('terms', 'v1');
    expect(v1.version).toBe(1);
    const published = await post(t, API.admin.legalDocumentPublish(v1.id), { effective_at: new Date(clock.nowMs()).toISOString() }, admin);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.data.state).toBe('current');
    const current = await get(t, `${API.terms.current}?kind=terms&lang=en`);
    expect(current.body.data).toMatchObject({ kind: 'terms', version: 1, title: 'Terms v1', lang: 'en' });
    const refused = await dice(before.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error_code).toBe('TERMS_NOT_ACCEPTED');
    expect(refused.body.message).toContain('Termos');
    expect((await get(t, API.terms.status, before.token)).body.data).toEqual({
      current_version: 1,
      accepted_version: null,
      must_accept: true,
    });
    // The other stake paths: a provider's game launch, and the batch check of crash and double.
    const launch = await post(t, API.day7Login, { game_code: 'sandbox-tigre-sortudo' }, before.token);
    expect(launch.status).toBe(403);
    expect(launch.body.error_code).toBe('TERMS_NOT_ACCEPTED');
    const batch = async () =>
      (await t.ctx.db.transaction().execute((trx) => checkStakes(trx, [{ memberId: before.id, amountCentavos: 100 }]))).checks[0]?.refusal
        ?.errorCode;
    expect(await batch()).toBe('TERMS_NOT_ACCEPTED');
    const accepted = await post(t, API.terms.accept, { version: 1 }, before.token);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await dice(before.token)).status).toBe(200);
    expect(await batch()).toBeUndefined();
    expect((await post(t, API.day7Login, { game_code: 'sandbox-tigre-sortudo' }, before.token)).status).toBe(200);

    // A member registering now accepts version 1 with the agree box and bets straight away.
    const newcomer = await player(t);
    expect((await dice(newcomer.token)).status).toBe(200);

    // A change: less than 14 days ahead is refused, 14 days is announced.
    const v2 = await draft('terms', 'v2');
    const early = await post(
      t,
      API.admin.legalDocumentPublish(v2.id),
      { effective_at: new Date(clock.nowMs() + 13 * DAY).toISOString() },
      admin,
    );
    expect(early.status).toBe(422);
    expect(early.body.error_code).toBe('TERMS_NOTICE_TOO_SHORT');
    expect(early.body.errors?.effective_at).toBeDefined();
    const effectiveAt = new Date(clock.nowMs() + 14 * DAY + 60_000).toISOString();
    const ok2 = await post(t, API.admin.legalDocumentPublish(v2.id), { effective_at: effectiveAt }, admin);
    expect(ok2.status, JSON.stringify(ok2.body)).toBe(200);
    expect(ok2.body.data.state).toBe('scheduled');
    const pending = await get(t, API.terms.pending);
    expect(pending.body.data.list).toEqual([expect.objectContaining({ kind: 'terms', version: 2, effective_at: effectiveAt })]);
    const notices = await get(t, `${API.info.announcement}?lang=pt`, before.token);
    expect(JSON.stringify(notices.body.data)).toContain('versão 2');
    // A published version never changes.
    expect((await patch(API.admin.legalDocument(v2.id), { titles: { pt: 'x' } }, admin)).status).toBe(409);

    // Before the date the member still bets; after it, not until they accept version 2.
    expect((await dice(before.token)).status).toBe(200);
    clock.advance(15 * DAY);
    const after = await dice(before.token);
    expect(after.status).toBe(403);
    expect(after.body.error_code).toBe('TERMS_NOT_ACCEPTED');
    expect((await post(t, API.terms.accept, { version: 9 }, before.token)).status).toBe(422);
    const ok = await t.app.inject({
      method: 'POST',
      url: API.terms.accept,
      payload: { version: 2 },
      headers: { authorization: `Bearer ${before.token}` },
      remoteAddress: '203.0.113.7',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await dice(before.token)).status).toBe(200);
    const rows = await t.ctx.db
      .selectFrom('legal_acceptances')
      .select(['kind', 'version', 'ip', 'accepted_at'])
      .where('member_id', '=', before.id)
      .orderBy('version')
      .execute();
    expect(rows.map((r) => [r.kind, Number(r.version)])).toEqual([
      ['terms', 1],
      ['terms', 2],
    ]);
    expect(rows[1]!.ip).toBe('203.0.113.7');
    expect(rows[1]!.accepted_at).toBeTruthy();
    const audit = await t.ctx.db.selectFrom('audit_log').select('action').where('action', 'like', 'legal_document.%').execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['legal_document.create', 'legal_document.publish']));
    clock.reset();
  });
});

describe('popups', () => {
  it('shows popups by audience and dates, and keeps a member’s off flag', async () => {
    const now = clock.nowMs();
    const make = async (body: Record<string, unknown>) => {
      const r = await post(
        t,
        API.admin.popups,
        { titles: { pt: String(body.name) }, texts: { pt: 'texto' }, ...body, name: undefined },
        admin,
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data as { id: number; modal: boolean };
    };
    const all = await make({ name: 'todos', link_url: '/promotions' });
    expect(all.modal).toBe(true);
    const visitors = await make({ name: 'visitantes', audience: 'visitors' });
    const members = await make({ name: 'membros', audience: 'members' });
    const vip = await make({ name: 'vip', audience: 'vip', vip_min_level: 3 });
    await make({ name: 'futuro', starts_at: new Date(now + DAY).toISOString() });
    await make({ name: 'passado', starts_at: new Date(now - 2 * DAY).toISOString(), ends_at: new Date(now - DAY).toISOString() });
    await make({ name: 'inativo', active: false });
    expect((await post(t, API.admin.popups, { titles: { pt: 'x' }, link_url: 'javascript:alert(1)' }, admin)).status).toBe(422);

    const ids = (list: { id: number }[]) => list.map((p) => p.id).sort((a, b) => a - b);
    const seen = await get(t, API.popups.list);
    expect(ids(seen.body.data.list)).toEqual([all.id, visitors.id]);

    const member = await registerMember(t.app);
    const mine = await get(t, API.popups.list, member.token);
    expect(ids(mine.body.data.list)).toEqual([all.id, members.id]);
    expect(mine.body.data.list.every((p: { off: boolean }) => p.off === false)).toBe(true);
    await t.ctx.db.updateTable('members').set({ level: 3 }).where('id', '=', member.id).execute();
    expect(ids((await get(t, API.popups.list, member.token)).body.data.list)).toEqual([all.id, members.id, vip.id]);

    expect((await post(t, API.popups.off(all.id), {})).status).toBe(401);
    const off = await post(t, API.popups.off(all.id), {}, member.token);
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ id: all.id, off: true });
    expect((await post(t, API.popups.off(all.id), {}, member.token)).status).toBe(200);
    const afterOff = (await get(t, API.popups.list, member.token)).body.data.list as { id: number; off: boolean }[];
    expect(afterOff.find((p) => p.id === all.id)?.off).toBe(true);
    expect(afterOff.find((p) => p.id === members.id)?.off).toBe(false);
    expect((await post(t, API.popups.off(999_999), {}, member.token)).status).toBe(404);
    const listed = await get(t, API.admin.popups, admin);
    expect(listed.body.data.list.find((p: { id: number }) => p.id === all.id).offs).toBe(1);
  });
});
