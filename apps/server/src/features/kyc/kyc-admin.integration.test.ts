import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@casino/shared/api-paths';
import { cpfCheckDigits } from '@casino/shared/pix/cpf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import type { SandboxKyc } from './sandbox-kyc.ts';

let t: TestApp;
let admin: string;
let support: string;
const storageDir = mkdtempSync(join(tmpdir(), 'kyc-admin-'));

beforeAll(async () => {
  t = await createTestApp({ KYC_STORAGE_DIR: storageDir, KYC_SANDBOX_DELAY_MS: '3600000' });
  admin = await adminToken(t.app);
  const created = await t.app.inject({
    method: 'POST',
    url: API.admin.operators,
    headers: bearer(admin),
    payload: { username: 'support.kyc', password: 'support-Secret-1', role: 'support' },
  });
  expect(created.statusCode).toBe(200);
  const login = await t.app.inject({
    method: 'POST',
    url: API.admin.login,
    payload: { username: 'support.kyc', password: 'support-Secret-1' },
  });
  support = json(login).data.token;
});
afterAll(async () => {
  await t?.close();
  rmSync(storageDir, { recursive: true, force: true });
});

function newCpf(): string {
  const base = String(randomInt(100_000_000, 999_999_999));
  return base + cpfCheckDigits(base);
}

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);

async function submit(token: string) {
  const boundary = `----kyc${randomBytes(6).toString('hex')}`;
  const file = (name: string, type: string, content: Buffer) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
      content,
      Buffer.from('\r\n'),
    ]);
  const payload = Buffer.concat([
    file('front', 'image/jpeg', JPEG),
    file('back', 'image/png', PNG),
    file('selfie', 'image/jpeg', JPEG),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="birth_date"\r\n\r\n1990-05-14\r\n--${boundary}--\r\n`),
  ]);
  const answer = await t.app.inject({
    method: 'POST',
    url: `${API.kyc.documents}?lang=en`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(answer.statusCode).toBe(200);
}

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload: unknown, token = admin) =>
  t.app.inject({
    method: 'POST',
    url: `${url}${url.includes('?') ? '&' : '?'}lang=en`,
    headers: bearer(token),
    payload: payload as object,
  });

describe('the KYC queue', () => {
  it('lists pending submissions with their documents and what the registry says, and serves each file', async () => {
    const member = await registerMember(t.app, { realname: 'Carlos Lima' });
    const cpf = newCpf();
    await t.ctx.db.updateTable('members').set({ cpf }).where('id', '=', member.id).execute();
    expect((await post(API.admin.cpfRegistry, { cpf, full_name: 'Carlos Lima', birth_date: '1990-05-14' })).statusCode).toBe(200);
    await submit(member.token);

    const queue = json(await get(`${API.admin.kycSubmissions}?status=pending&page_size=100`)).data;
    const row = queue.list.find((s: { member_id: number }) => s.member_id === member.id);
    expect(row).toMatchObject({
      status: 'pending',
      member_account: member.body.account,
      full_name: 'Carlos Lima',
      cpf,
      birth_date: '1990-05-14',
      decided_by: null,
      registry: { full_name: 'Carlos Lima', birth_date: '1990-05-14' },
    });
    expect(row.documents.map((d: { side: string; mime: string }) => `${d.side}:${d.mime}`).sort()).toEqual([
      'back:image/png',
      'front:image/jpeg',
      'selfie:image/jpeg',
    ]);

    const file = await get(API.admin.kycDocument(row.id, 'back'));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('no-store, private');
    expect(file.rawPayload).toEqual(PNG);
    // Support reviews the queue too.
    expect((await get(API.admin.kycDocument(row.id, 'front'), support)).statusCode).toBe(200);
    expect((await get(API.admin.kycDocument(999_999, 'front'))).statusCode).toBe(404);
    (t.ctx.kyc as SandboxKyc).close();
  });

  it('lets an operator override the decision, audited, and the provider cannot undo it', async () => {
    const member = await registerMember(t.app);
    await submit(member.token);
    const submission = await t.ctx.db
      .selectFrom('kyc_submissions')
      .selectAll()
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();

    const noReason = await post(API.admin.kycDecision(submission.id), { decision: 'rejected' });
    expect(noReason.statusCode).toBe(422);
    expect(json(noReason).errors?.reason).toBeDefined();

    const rejected = await post(API.admin.kycDecision(submission.id), { decision: 'rejected', reason: 'Selfie does not show the face' });
    expect(rejected.statusCode).toBe(200);
    expect(json(rejected).data).toMatchObject({
      status: 'rejected',
      decided_by: 'operator',
      operator_username: 'admin',
      reason: 'Selfie does not show the face',
    });
    const status = json(await t.app.inject({ method: 'GET', url: `${API.kyc.status}?lang=en`, headers: bearer(member.token) })).data;
    expect(status).toMatchObject({ status: 'rejected', reason: 'Selfie does not show the face', reason_code: null });

    // The sandbox's own decision arrives later (it would reject: no CPF) and changes nothing.
    await (t.ctx.kyc as SandboxKyc).flush();
    expect(
      (await t.ctx.db.selectFrom('kyc_submissions').select('decided_by').where('id', '=', submission.id).executeTakeFirstOrThrow())
        .decided_by,
    ).toBe('operator');

    // An override of the override: approved.
    expect((await post(API.admin.kycDecision(submission.id), { decision: 'approved' }, support)).statusCode).toBe(200);
    const memberRow = await t.ctx.db
      .selectFrom('members')
      .select(['kyc_status', 'kyc_reason'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(memberRow).toEqual({ kyc_status: 'approved', kyc_reason: null });

    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'kyc.decide')
      .where('target_id', '=', String(submission.id))
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(2);
    expect(JSON.parse(audit[0]?.before_json ?? '{}')).toMatchObject({ status: 'pending', decided_by: null });
    expect(JSON.parse(audit[0]?.after_json ?? '{}')).toMatchObject({
      status: 'rejected',
      reason: 'Selfie does not show the face',
      decided_by: 'operator',
    });
    expect(JSON.parse(audit[1]?.after_json ?? '{}')).toMatchObject({ status: 'approved' });
    expect(audit[1]?.operator_id).not.toBe(audit[0]?.operator_id);

    expect((await post(API.admin.kycDecision(999_999), { decision: 'approved' })).statusCode).toBe(404);
  });

  it('keeps members out and needs the permission', async () => {
    const member = await registerMember(t.app);
    expect((await get(API.admin.kycSubmissions, member.token)).statusCode).toBe(401);
    expect((await get(API.admin.cpfRegistry, support)).statusCode).toBe(403);
  });
});

describe('the sandbox CPF registry', () => {
  it('adds, finds and removes entries, refusing bad and duplicate CPFs, audited', async () => {
    const cpf = newCpf();
    const formatted = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    const added = await post(API.admin.cpfRegistry, { cpf: formatted, full_name: 'Lúcia Fernandes', birth_date: '1970-01-31' });
    expect(added.statusCode).toBe(200);
    expect(json(added).data).toMatchObject({ cpf, full_name: 'Lúcia Fernandes', birth_date: '1970-01-31' });
    expect(await t.ctx.cpfRegistry.lookup(cpf)).toEqual({ fullName: 'Lúcia Fernandes', birthDate: '1970-01-31' });

    const again = await post(API.admin.cpfRegistry, { cpf, full_name: 'Outra Pessoa', birth_date: '1970-01-31' });
    expect(again.statusCode).toBe(422);
    expect(json(again).errors?.cpf).toEqual(['This CPF is already in the registry']);

    const invalid = await post(API.admin.cpfRegistry, { cpf: '123.456.789-00', full_name: 'X Y', birth_date: '1970-02-30' });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(json(invalid).errors ?? {}).sort()).toEqual(['birth_date', 'cpf']);

    const found = json(await get(`${API.admin.cpfRegistry}?q=${encodeURIComponent('lúcia')}`)).data;
    expect(found.list.map((e: { cpf: string }) => e.cpf)).toContain(cpf);
    expect(json(await get(`${API.admin.cpfRegistry}?q=${cpf.slice(2, 9)}`)).data.list.map((e: { cpf: string }) => e.cpf)).toContain(cpf);

    const removed = await t.app.inject({ method: 'DELETE', url: API.admin.cpfRegistryEntry(cpf), headers: bearer(admin) });
    expect(removed.statusCode).toBe(200);
    expect(await t.ctx.cpfRegistry.lookup(cpf)).toBeNull();
    expect((await t.app.inject({ method: 'DELETE', url: API.admin.cpfRegistryEntry(cpf), headers: bearer(admin) })).statusCode).toBe(404);

    const actions = await t.ctx.db.selectFrom('audit_log').select('action').where('target_id', '=', cpf).orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(['kyc.registry_add', 'kyc.registry_remove']);
  });
});
