import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, registration, type TestApp, uniqueAccount } from '../../test/test-app.ts';
import { newCpf } from '../withdrawals/withdrawals.test-helpers.ts';

/**
 * Registration on the regulated profile (issue 12 item 6): CPF with its check digits, one account
 * per CPF, known to the CPF registry under the same name and birth date, 18 or older, e-mail, full
 * address and the two sign-up limits, written with the account in one transaction; the refusals;
 * and a member of a site that became regulated completing its data before depositing.
 */

let t: TestApp;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newSite(regulated: boolean): Promise<string> {
  seq += 1;
  const name = `reg${Date.now().toString(36)}${seq}`;
  const now = new Date().toISOString();
  await t.ctx.db
    .insertInto('sites')
    .values({
      name,
      host: `${name}.test`,
      brand_name: 'Aurora Regulada',
      default_lang: 'pt',
      support_url: 'https://support.test',
      logo_url: '/static/logo.svg',
      social_links: '[]',
      regulated: regulated ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return name;
}

/** A person the CPF registry knows (a fresh valid CPF each time). */
async function person(overrides: { fullName?: string; birthDate?: string } = {}) {
  const cpf = newCpf();
  const fullName = overrides.fullName ?? 'Maria da Silva';
  const birthDate = overrides.birthDate ?? '1985-11-30';
  await t.ctx.db
    .insertInto('cpf_registry')
    .values({ cpf, full_name: fullName, birth_date: birthDate, created_at: new Date().toISOString() })
    .execute();
  return { cpf, fullName, birthDate };
}

function regulatedFields(p: { cpf: string; birthDate: string }, overrides: Record<string, unknown> = {}) {
  return {
    cpf: `${p.cpf.slice(0, 3)}.${p.cpf.slice(3, 6)}.${p.cpf.slice(6, 9)}-${p.cpf.slice(9)}`,
    birth_date: p.birthDate,
    email: `${uniqueAccount('mail')}@example.com`,
    address_street: 'Avenida Paulista',
    address_number: '1578',
    address_complement: 'Apto 12',
    address_district: 'Bela Vista',
    address_city: 'São Paulo',
    address_state: 'sp',
    address_postal_code: '01310-200',
    loss_limit: 50_000,
    loss_limit_period: 'month',
    time_limit: 120,
    ...overrides,
  };
}

const register = (site: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `${API.register}?site=${site}&lang=en`, payload: body });

async function memberCount(): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function deposit(token: string) {
  const channels = json(await t.app.inject({ method: 'GET', url: API.paymentOnlineList, headers: bearer(token) })).data;
  return t.app.inject({
    method: 'POST',
    url: `${API.rechargeOnline}?lang=en`,
    headers: bearer(token),
    payload: { money: '50.00', payment_id: channels.list[0].id, payment_type: 'pix' },
  });
}

describe('registration on the regulated profile', () => {
  let regulated: string;
  beforeAll(async () => {
    regulated = await newSite(true);
  });

  it('site info tells the web the site is regulated', async () => {
    const info = await t.app.inject({ method: 'GET', url: `${API.dynamicWebs}?site=${regulated}` });
    expect(json(info).data.regulated).toBe(true);
    const plain = await t.app.inject({ method: 'GET', url: API.dynamicWebs });
    expect(json(plain).data.regulated).toBe(false);
  });

  it('registers with CPF, birth date, e-mail, address and both sign-up limits in one go', async () => {
    const p = await person();
    const body = registration({ realname: 'MARIA DA SILVA', ...regulatedFields(p) });
    const response = await register(regulated, body);
    expect(response.statusCode, response.body).toBe(200);
    const user = json(response).data.user;
    expect(user).toMatchObject({ profile_incomplete: false, missing_fields: [] });
    const row = await t.ctx.db.selectFrom('members').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      cpf: p.cpf,
      birth_date: p.birthDate,
      email: body.email,
      address_street: 'Avenida Paulista',
      address_number: '1578',
      address_complement: 'Apto 12',
      address_district: 'Bela Vista',
      address_city: 'São Paulo',
      address_state: 'SP',
      address_postal_code: '01310200',
    });
    expect(row.regulated_profile_at).not.toBeNull();
    const limits = await t.ctx.db
      .selectFrom('responsible_limits')
      .select(['kind', 'period', 'value', 'pending_at'])
      .where('member_id', '=', user.id)
      .orderBy('kind')
      .execute();
    expect(limits.map((l) => ({ ...l, value: Number(l.value) }))).toEqual([
      { kind: 'loss', period: 'month', value: 50_000, pending_at: null },
      { kind: 'time', period: 'day', value: 120, pending_at: null },
    ]);
    // The limits API reads them back.
    const token = json(response).data.token as string;
    const status = await t.app.inject({ method: 'GET', url: API.responsible.limits, headers: bearer(token) });
    expect(status.statusCode).toBe(200);
    expect(JSON.stringify(json(status).data)).toContain('50000');
    // Deposits wait for the identity check; the data itself is complete.
    const refused = await deposit(token);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).error_code).toBe('IDENTITY_NOT_VERIFIED');
  });

  it('refuses each missing or wrong field with 422 and translated field errors, writing nothing', async () => {
    const p = await person();
    const before = await memberCount();
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['bad check digits', { cpf: `${p.cpf.slice(0, 9)}${(Number(p.cpf[9]) + 1) % 10}${p.cpf[10]}` }, 'cpf', 'Please enter a valid CPF'],
      ['under 18', { birth_date: '2015-01-01' }, 'birth_date', 'You must be 18 or older to register'],
      ['no loss limit', { loss_limit: undefined }, 'loss_limit', 'Set a loss limit (required at sign-up)'],
      ['no time limit', { time_limit: undefined }, 'time_limit', 'Set a daily time limit in minutes (required at sign-up)'],
      ['no CPF', { cpf: undefined }, 'cpf', 'This field is required'],
      ['no address', { address_city: undefined }, 'address_city', 'This field is required'],
      ['bad CEP', { address_postal_code: '123' }, 'address_postal_code', 'Enter a valid CEP (8 digits)'],
      ['bad UF', { address_state: 'XX' }, 'address_state', 'Choose the state (UF)'],
    ];
    for (const [name, change, field, message] of cases) {
      const response = await register(regulated, registration({ ...regulatedFields(p), ...change }));
      expect(response.statusCode, name).toBe(422);
      expect(json(response).errors?.[field], name).toEqual([message]);
    }
    expect(await memberCount()).toBe(before);
  });

  it('refuses a CPF the registry does not know, or a name or birth date that is not its holder’s', async () => {
    const unknown = { cpf: newCpf(), birthDate: '1985-11-30' };
    const notFound = await register(regulated, registration(regulatedFields(unknown)));
    expect(notFound.statusCode).toBe(422);
    expect(json(notFound).errors?.cpf).toEqual(['This CPF was not found in the CPF registry. Please check the digits']);

    const p = await person({ fullName: 'João Pereira Araújo', birthDate: '1978-02-03' });
    const otherName = await register(regulated, registration({ realname: 'Maria da Silva', ...regulatedFields(p) }));
    expect(otherName.statusCode).toBe(422);
    expect(json(otherName).errors?.realname).toEqual([
      "The name does not match the CPF holder's name. Enter your full name as on your document",
    ]);
    // Accents and case aside, the name is the holder's.
    const otherBirth = await register(
      regulated,
      registration({ realname: 'joao pereira araujo', ...regulatedFields(p, { birth_date: '1978-02-04' }) }),
    );
    expect(otherBirth.statusCode).toBe(422);
    expect(json(otherBirth).errors).toEqual({ birth_date: ["The birth date does not match the CPF holder's"] });
  });

  it('allows one account per CPF', async () => {
    const p = await person();
    const first = await register(regulated, registration(regulatedFields(p)));
    expect(first.statusCode).toBe(200);
    const second = await register(regulated, registration(regulatedFields(p)));
    expect(second.statusCode).toBe(422);
    expect(json(second).errors?.cpf).toEqual(['This CPF already has an account. Each CPF may have only one account']);
    // Two at the same instant: the unique index decides, one account.
    const q = await person();
    const racing = await Promise.all([1, 2, 3].map(() => register(regulated, registration(regulatedFields(q)))));
    expect(racing.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of racing.filter((r) => r.statusCode !== 200)) expect(r.statusCode).toBe(422);
    const owners = await t.ctx.db.selectFrom('members').select('id').where('cpf', '=', q.cpf).execute();
    expect(owners).toHaveLength(1);
  });

  it('refuses a CPF whose self-exclusion is running with 403 CPF_EXCLUDED', async () => {
    const p = await person();
    const first = await register(regulated, registration(regulatedFields(p)));
    const id = json(first).data.user.id as number;
    const now = new Date().toISOString();
    await t.ctx.db
      .insertInto('responsible_settings')
      .values({ member_id: id, excluded_at: now, excluded_until: null, exclusion_source: 'self', updated_at: now })
      .execute();
    const again = await register(regulated, registration(regulatedFields(p)));
    expect(again.statusCode).toBe(403);
    expect(json(again).error_code).toBe('CPF_EXCLUDED');
  });

  it('refuses a CPF the federal register answers "Impedido" for with 403 CPF_EXCLUDED, and logs the check', async () => {
    const p = await person();
    await t.ctx.db
      .insertInto('central_exclusion_list')
      .values({ cpf: p.cpf, added_by: null, note: 'test', created_at: new Date().toISOString() })
      .execute();
    const before = await memberCount();
    const refused = await register(regulated, registration(regulatedFields(p)));
    expect(refused.statusCode).toBe(403);
    expect(json(refused).error_code).toBe('CPF_EXCLUDED');
    expect(await memberCount()).toBe(before);
    const checks = await t.ctx.db
      .selectFrom('central_exclusion_checks')
      .select(['reason', 'result', 'member_id'])
      .where('cpf', '=', p.cpf)
      .execute();
    expect(checks).toEqual([{ reason: 'registration', result: 'impedido', member_id: null }]);
  });

  it('leaves the registration of a site that is not regulated as it was', async () => {
    const plain = await newSite(false);
    const response = await register(plain, registration());
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).data.user).toMatchObject({ profile_incomplete: false, missing_fields: [] });
  });
});

describe('a member of a site that became regulated', () => {
  it('is told what is missing at login, cannot deposit until it completes its data, then can', async () => {
    const site = await newSite(false);
    const body = registration({ realname: 'Maria da Silva' });
    const registered = await register(site, body);
    expect(registered.statusCode).toBe(200);
    const memberId = json(registered).data.user.id as number;
    await t.ctx.db.updateTable('sites').set({ regulated: 1 }).where('name', '=', site).execute();
    // Even an approved identity does not open deposits while the registration data is missing.
    await t.ctx.db.updateTable('members').set({ kyc_status: 'approved' }).where('id', '=', memberId).execute();

    const login = await t.app.inject({
      method: 'POST',
      url: `${API.login}?lang=en`,
      payload: { account: body.account, password: body.password },
    });
    expect(login.statusCode).toBe(200);
    const { token, user } = json(login).data;
    expect(user.profile_incomplete).toBe(true);
    expect(user.missing_fields).toEqual(
      expect.arrayContaining(['cpf', 'birth_date', 'email', 'address_street', 'address_postal_code', 'loss_limit', 'time_limit']),
    );
    const me = await t.app.inject({ method: 'POST', url: API.me, headers: bearer(token), payload: {} });
    expect(json(me).data.profile_incomplete).toBe(true);

    const refused = await deposit(token);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).error_code).toBe('IDENTITY_NOT_VERIFIED');

    const complete = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `${API.regulatedProfile}?lang=en`, headers: bearer(token), payload });
    const incomplete = await complete({ cpf: '123' });
    expect(incomplete.statusCode).toBe(422);
    expect(json(incomplete).errors?.cpf).toEqual(['Please enter a valid CPF']);

    const p = await person();
    const { cpf: _cpf, ...fields } = regulatedFields(p);
    const done = await complete({ ...fields, cpf: p.cpf });
    expect(done.statusCode, done.body).toBe(200);
    expect(json(done).data).toMatchObject({ profile_incomplete: false, missing_fields: [] });
    const row = await t.ctx.db.selectFrom('members').selectAll().where('id', '=', memberId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ cpf: p.cpf, birth_date: p.birthDate, address_state: 'SP' });
    const limits = await t.ctx.db.selectFrom('responsible_limits').select(['kind']).where('member_id', '=', memberId).execute();
    expect(limits.map((l) => l.kind).sort()).toEqual(['loss', 'time']);

    const allowed = await deposit(token);
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('keeps a CPF already recorded with a PIX key', async () => {
    const site = await newSite(false);
    const body = registration({ realname: 'Maria da Silva' });
    const registered = await register(site, body);
    const token = json(registered).data.token as string;
    const own = await person();
    const saved = await t.app.inject({
      method: 'POST',
      url: API.memberBanksSave,
      headers: bearer(token),
      payload: { account_type: 'cpf', account: own.cpf, name: 'Maria da Silva', cpf_id: own.cpf },
    });
    expect(saved.statusCode).toBe(200);
    await t.ctx.db.updateTable('sites').set({ regulated: 1 }).where('name', '=', site).execute();
    const other = await person();
    const refused = await t.app.inject({
      method: 'POST',
      url: `${API.regulatedProfile}?lang=en`,
      headers: bearer(token),
      payload: regulatedFields(other),
    });
    expect(refused.statusCode).toBe(422);
    expect(json(refused).errors?.cpf).toEqual(['Your account already has another CPF recorded. Contact customer service to correct it']);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `${API.regulatedProfile}?lang=en`,
      headers: bearer(token),
      payload: regulatedFields(own),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
