import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@casino/shared/api-paths';
import { cpfCheckDigits } from '@casino/shared/pix/cpf';
import { KYC_SIGNATURE_HEADER, KYC_TIMESTAMP_HEADER } from '@casino/shared/schemas/kyc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import type { SandboxKyc } from './sandbox-kyc.ts';
import { signKycWebhook } from './sandbox-kyc.ts';

let t: TestApp;
let admin: string;
const storageDir = mkdtempSync(join(tmpdir(), 'kyc-docs-'));

beforeAll(async () => {
  // The sandbox waits a long time before deciding, so each test sees "pending" and then makes the
  // provider decide (flush) when it chooses.
  t = await createTestApp({ KYC_STORAGE_DIR: storageDir, KYC_SANDBOX_DELAY_MS: '3600000' });
  admin = await adminToken(t.app);
});
afterAll(async () => {
  await t?.close();
  rmSync(storageDir, { recursive: true, force: true });
});

const sandbox = () => t.ctx.kyc as SandboxKyc;

/** A valid CPF no other test uses. */
function newCpf(): string {
  const base = String(randomInt(100_000_000, 999_999_999));
  return base + cpfCheckDigits(base);
}

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF front of the document')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('back of the document')]);
const PDF = Buffer.from('%PDF-1.4\n% a selfie as a PDF\n');

type Part = { name: string; filename?: string; type?: string; content: Buffer | string };

function multipart(parts: Part[]) {
  const boundary = `----kyc${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const goodParts = (birthDate = '1990-05-14'): Part[] => [
  { name: 'front', filename: 'front.jpg', type: 'image/jpeg', content: JPEG },
  { name: 'back', filename: 'back.png', type: 'image/png', content: PNG },
  { name: 'selfie', filename: 'selfie.pdf', type: 'application/pdf', content: PDF },
  { name: 'birth_date', content: birthDate },
];

async function upload(token: string, parts: Part[]) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `${API.kyc.documents}?lang=en`,
    headers: { ...bearer(token), 'content-type': body.contentType },
    payload: body.payload,
  });
}

async function status(token: string) {
  const answer = await t.app.inject({ method: 'GET', url: `${API.kyc.status}?lang=en`, headers: bearer(token) });
  expect(answer.statusCode).toBe(200);
  return json(answer).data as {
    status: string;
    reason: string | null;
    reason_code: string | null;
    submitted_at: string | null;
    decided_at: string | null;
  };
}

/** A member with a CPF, and that CPF in the sandbox registry under `registryName`. */
async function memberInRegistry(registryName = 'Maria da Silva', birthDate = '1990-05-14') {
  const member = await registerMember(t.app, { realname: 'Maria da Silva' });
  const cpf = newCpf();
  await t.ctx.db.updateTable('members').set({ cpf }).where('id', '=', member.id).execute();
  const added = await t.app.inject({
    method: 'POST',
    url: `${API.admin.cpfRegistry}?lang=en`,
    headers: bearer(admin),
    payload: { cpf, full_name: registryName, birth_date: birthDate },
  });
  expect(added.statusCode).toBe(200);
  return { ...member, cpf };
}

async function latestSubmission(memberId: number) {
  return t.ctx.db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

function signedHeaders(body: string, timestamp = Date.now(), secret = t.ctx.kycWebhookSecret) {
  return {
    'content-type': 'application/json',
    [KYC_TIMESTAMP_HEADER]: String(timestamp),
    [KYC_SIGNATURE_HEADER]: signKycWebhook(secret, timestamp, body),
  };
}

describe('identity check through the sandbox provider', () => {
  it('goes none -> pending -> approved through the signed webhook, and stores each file as sent', async () => {
    const member = await memberInRegistry('MARIA DA SILVA');
    expect(await status(member.token)).toMatchObject({ status: 'none', reason: null, submitted_at: null, decided_at: null });

    const sent = await upload(member.token, goodParts());
    expect(sent.statusCode).toBe(200);
    expect(json(sent).data.status).toBe('pending');
    const pending = await status(member.token);
    expect(pending.status).toBe('pending');
    expect(pending.submitted_at).not.toBeNull();
    expect(pending.decided_at).toBeNull();

    const submission = await latestSubmission(member.id);
    const documents = await t.ctx.db
      .selectFrom('kyc_documents')
      .selectAll()
      .where('submission_id', '=', submission.id)
      .orderBy('side')
      .execute();
    expect(documents.map((d) => [d.side, d.mime, Number(d.size_bytes)])).toEqual([
      ['back', 'image/png', PNG.length],
      ['front', 'image/jpeg', JPEG.length],
      ['selfie', 'application/pdf', PDF.length],
    ]);
    const front = documents.find((d) => d.side === 'front');
    expect(Buffer.from((await t.ctx.fileStorage.get(front?.storage_key ?? '')) ?? [])).toEqual(JPEG);

    // A second set while the first waits is refused.
    const again = await upload(member.token, goodParts());
    expect(again.statusCode).toBe(409);
    expect(json(again).error_code).toBe('KYC_ALREADY_PENDING');

    await sandbox().flush();
    const approved = await status(member.token);
    expect(approved).toMatchObject({ status: 'approved', reason: null });
    expect(approved.decided_at).not.toBeNull();
    const row = await t.ctx.db
      .selectFrom('members')
      .select(['kyc_status', 'kyc_reason'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ kyc_status: 'approved', kyc_reason: null });
    expect((await latestSubmission(member.id)).decided_by).toBe('provider');
  });

  it('rejects by the documented rules with a translated reason, and takes a new set after a rejection', async () => {
    const member = await memberInRegistry('Maria Aparecida da Silva');
    expect((await upload(member.token, goodParts())).statusCode).toBe(200);
    await sandbox().flush();
    expect(await status(member.token)).toMatchObject({
      status: 'rejected',
      reason_code: 'name_mismatch',
      reason: 'The name on your account does not match the name registered for the CPF',
    });

    // Same member, wrong birth date this time (the registry entry now matches the name).
    await t.ctx.db.updateTable('cpf_registry').set({ full_name: 'Maria da Silva' }).where('cpf', '=', member.cpf).execute();
    expect((await upload(member.token, goodParts('1990-05-15'))).statusCode).toBe(200);
    await sandbox().flush();
    expect((await status(member.token)).reason_code).toBe('birth_date_mismatch');

    const noCpf = await registerMember(t.app);
    expect((await upload(noCpf.token, goodParts())).statusCode).toBe(200);
    await sandbox().flush();
    expect((await status(noCpf.token)).reason_code).toBe('cpf_missing');

    const minor = await memberInRegistry('Maria da Silva', '2015-01-01');
    expect((await upload(minor.token, goodParts('2015-01-01'))).statusCode).toBe(200);
    await sandbox().flush();
    expect((await status(minor.token)).reason_code).toBe('under_age');
  });
});

describe('the KYC webhook', () => {
  async function pendingReference() {
    const member = await memberInRegistry();
    expect((await upload(member.token, goodParts())).statusCode).toBe(200);
    return { member, reference: (await latestSubmission(member.id)).provider_ref ?? '' };
  }
  const decision = (reference: string, eventId = `evt_${randomBytes(8).toString('hex')}`) =>
    JSON.stringify({ event_id: eventId, reference, decision: 'approved', reason: null, decided_at: new Date().toISOString() });
  const deliver = (body: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: API.kycWebhook, headers, payload: body });

  it('refuses a bad signature, a wrong secret and a stale timestamp, changing nothing', async () => {
    const { member, reference } = await pendingReference();
    const body = decision(reference);

    const tampered = await deliver(body.replace('approved', 'rejected'), signedHeaders(body));
    expect(tampered.statusCode).toBe(401);
    expect(json(tampered).data.outcome).toBe('bad_signature');

    const wrongSecret = await deliver(body, signedHeaders(body, Date.now(), 'x'.repeat(64)));
    expect(wrongSecret.statusCode).toBe(401);

    const unsigned = await deliver(body, { 'content-type': 'application/json' });
    expect(unsigned.statusCode).toBe(401);

    const stale = await deliver(body, signedHeaders(body, Date.now() - 6 * 60_000));
    expect(stale.statusCode).toBe(401);
    expect(json(stale).data.outcome).toBe('stale');

    expect((await status(member.token)).status).toBe('pending');
    sandbox().close();
  });

  it('applies an event once: a replayed event id is refused', async () => {
    const { member, reference } = await pendingReference();
    const body = decision(reference);
    const first = await deliver(body, signedHeaders(body));
    expect(first.statusCode).toBe(200);
    expect(json(first).data.outcome).toBe('applied');
    expect((await status(member.token)).status).toBe('approved');

    // The same event again, freshly signed: still a replay.
    const replay = await deliver(body, signedHeaders(body));
    expect(replay.statusCode).toBe(409);
    expect(json(replay).data.outcome).toBe('replayed');

    // Several copies of a new event at once: one applies.
    const { reference: other } = await pendingReference();
    const burst = decision(other);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(burst, signedHeaders(burst))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);

    const unknown = decision('kyc_unknownreference0000');
    expect((await deliver(unknown, signedHeaders(unknown))).statusCode).toBe(404);
    sandbox().close();
  });
});

describe('what an upload must be', () => {
  it('refuses a file that is not an image or PDF, whatever its name and declared type', async () => {
    const member = await registerMember(t.app);
    const answer = await upload(member.token, [
      { name: 'front', filename: 'front.jpg', type: 'image/jpeg', content: Buffer.from('MZ\x90\x00 an executable named front.jpg') },
      { name: 'back', filename: 'back.png', type: 'image/png', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      { name: 'selfie', filename: 'selfie.jpg', type: 'image/jpeg', content: JPEG },
      { name: 'birth_date', content: '1990-05-14' },
    ]);
    expect(answer.statusCode).toBe(422);
    const body = json(answer);
    expect(body.errors?.front).toEqual(['Send a JPEG, PNG or PDF file']);
    expect(body.errors?.back).toEqual(['Send a JPEG, PNG or PDF file']);
    expect(body.errors?.selfie).toBeUndefined();
    expect(body.message).toBe('Send a JPEG, PNG or PDF file');
    expect((await status(member.token)).status).toBe('none');
    expect(await t.ctx.db.selectFrom('kyc_submissions').select('id').where('member_id', '=', member.id).execute()).toEqual([]);
  });

  it('refuses a file of 6 MB, naming its field, and reads the others', async () => {
    const member = await registerMember(t.app);
    const big = Buffer.concat([JPEG, Buffer.alloc(6 * 1024 * 1024, 1)]);
    const answer = await upload(member.token, [
      { name: 'front', filename: 'front.jpg', type: 'image/jpeg', content: JPEG },
      { name: 'back', filename: 'back.jpg', type: 'image/jpeg', content: big },
      { name: 'selfie', filename: 'selfie.txt', type: 'text/plain', content: 'hello' },
      { name: 'birth_date', content: '1990-05-14' },
    ]);
    expect(answer.statusCode).toBe(422);
    expect(json(answer).errors).toEqual({
      back: ['The file is larger than 5 MB'],
      selfie: ['Send a JPEG, PNG or PDF file'],
    });
    expect((await status(member.token)).status).toBe('none');
  });

  it('names missing files, a bad birth date and parts the form does not have', async () => {
    const member = await registerMember(t.app);
    const answer = await upload(member.token, [
      { name: 'front', filename: 'front.jpg', type: 'image/jpeg', content: JPEG },
      { name: 'passport', filename: 'p.jpg', type: 'image/jpeg', content: JPEG },
      { name: 'birth_date', content: '1990-02-30' },
    ]);
    expect(answer.statusCode).toBe(422);
    expect(Object.keys(json(answer).errors ?? {}).sort()).toEqual(['back', 'birth_date', 'passport', 'selfie']);

    // A JSON call has no files: every file is missing.
    const asJson = await t.app.inject({ method: 'POST', url: `${API.kyc.documents}?lang=en`, headers: bearer(member.token), payload: {} });
    expect(asJson.statusCode).toBe(422);
    expect(json(asJson).errors?.front).toEqual(['Please choose a file']);
  });

  it('asks a visitor to log in first', async () => {
    const body = multipart(goodParts());
    const answer = await t.app.inject({
      method: 'POST',
      url: `${API.kyc.documents}?lang=en`,
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(answer.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: API.kyc.status })).statusCode).toBe(401);
  });
});

describe('each member sees only its own case', () => {
  it("answers a member its own status, and never another's files", async () => {
    const owner = await memberInRegistry();
    expect((await upload(owner.token, goodParts())).statusCode).toBe(200);
    const submission = await latestSubmission(owner.id);
    const other = await registerMember(t.app);

    // The status is the caller's, whatever the query names.
    const answer = await t.app.inject({
      method: 'GET',
      url: `${API.kyc.status}?member_id=${owner.id}&id=${owner.id}`,
      headers: bearer(other.token),
    });
    expect(json(answer).data.status).toBe('none');
    // The files are served on the operator route only: a member token is not an operator session.
    const file = await t.app.inject({ method: 'GET', url: API.admin.kycDocument(submission.id, 'front'), headers: bearer(other.token) });
    expect(file.statusCode).toBe(401);
    const own = await t.app.inject({ method: 'GET', url: API.admin.kycDocument(submission.id, 'front'), headers: bearer(owner.token) });
    expect(own.statusCode).toBe(401);
    sandbox().close();
  });
});
