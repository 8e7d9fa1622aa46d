import { API } from '@casino/shared/api-paths';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  json,
  registerMember,
  registration,
  type TestApp,
  uniqueAccount,
  uniquePhone,
} from '../../test/test-app.ts';

/**
 * The spec's registration texts (section 8) on both registrations: a failure no field explains
 * answers "Registration Failed" with nothing written, and an agent's subordinate registration takes
 * the confirmation under `register2`'s name, `password_confirmation`.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A database that refuses one kind of row, the way a full disk or a lost connection would:
  // members whose account starts with "doomed" cannot be inserted.
  if (t.ctx.dialect === 'postgres') {
    await sql`create function refuse_doomed() returns trigger language plpgsql as $$
      begin
        if new.account like 'doomed%' then raise exception 'the database refused the row'; end if;
        return new;
      end $$`.execute(t.ctx.db);
    await sql`create trigger refuse_doomed before insert on members for each row execute function refuse_doomed()`.execute(t.ctx.db);
  } else {
    await sql`create trigger refuse_doomed before insert on members when new.account like 'doomed%'
      begin select raise(abort, 'the database refused the row'); end`.execute(t.ctx.db);
  }
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url: `${url}?lang=en`, payload: payload as object, headers: token ? bearer(token) : {} });

async function memberCount(): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('"Registration Failed"', () => {
  it("answers a registration the database refuses, in the reader's language, and writes nothing", async () => {
    const before = await memberCount();
    const failed = await post(API.register, registration({ account: uniqueAccount('doomed') }));
    expect(failed.statusCode).toBe(500);
    expect(json(failed)).toMatchObject({ status: 'error', message: 'Registration Failed', error_code: 'REGISTRATION_FAILED' });
    expect(json(failed).errors).toBeUndefined();
    const inPortuguese = await t.app.inject({
      method: 'POST',
      url: `${API.register}?lang=pt`,
      payload: registration({ account: uniqueAccount('doomed') }),
    });
    expect(json(inPortuguese).message).toBe('Falha no cadastro');
    expect(await memberCount()).toBe(before);

    // A field problem is still a 422 with the field named, not "Registration Failed".
    const taken = await registerMember(t.app);
    const duplicate = await post(API.register, registration({ account: taken.body.account }));
    expect(duplicate.statusCode).toBe(422);
    expect(json(duplicate).errors?.account).toEqual(['This account name is already registered']);
  });

  it("answers an agent's subordinate registration the database refuses the same way", async () => {
    const agent = await registerMember(t.app);
    const before = await memberCount();
    const failed = await post(
      API.agency.subordinateRegister,
      { account: uniqueAccount('doomed'), password: 'secret123', password_confirmation: 'secret123', phone: uniquePhone() },
      agent.token,
    );
    expect(failed.statusCode).toBe(500);
    expect(json(failed)).toMatchObject({ message: 'Registration Failed', error_code: 'REGISTRATION_FAILED' });
    expect(await memberCount()).toBe(before);
  });
});

describe("the subordinate registration's confirmation field", () => {
  const body = (overrides: Record<string, unknown>) => ({
    account: uniqueAccount('sub'),
    password: 'secret123',
    phone: uniquePhone(),
    ...overrides,
  });

  it('takes password_confirmation, as register2 does, and still the older confirm_password', async () => {
    const agent = await registerMember(t.app);
    const current = await post(API.agency.subordinateRegister, body({ password_confirmation: 'secret123' }), agent.token);
    expect(current.statusCode).toBe(200);
    expect(json(current).message).toBe('Subordinate registered');
    const older = await post(API.agency.subordinateRegister, body({ confirm_password: 'secret123' }), agent.token);
    expect(older.statusCode).toBe(200);
  });

  it("names the field a mismatch or a missing confirmation is on, with register2's texts", async () => {
    const agent = await registerMember(t.app);
    const mismatch = await post(API.agency.subordinateRegister, body({ password_confirmation: 'other123' }), agent.token);
    expect(mismatch.statusCode).toBe(422);
    expect(json(mismatch).errors).toEqual({ password_confirmation: ['The two passwords entered do not match!'] });
    const register2Mismatch = await post(API.register, registration({ password_confirmation: 'other123' }));
    expect(json(register2Mismatch).errors).toEqual(json(mismatch).errors);

    const olderMismatch = await post(API.agency.subordinateRegister, body({ confirm_password: 'other123' }), agent.token);
    expect(json(olderMismatch).errors).toEqual({ confirm_password: ['The two passwords entered do not match!'] });
    const missing = await post(API.agency.subordinateRegister, body({}), agent.token);
    expect(missing.statusCode).toBe(422);
    expect(json(missing).errors).toEqual({ password_confirmation: ['This field is required'] });
  });
});
