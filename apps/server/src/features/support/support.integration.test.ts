import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@casino/shared/api-paths';
import type { ServerMessage } from '@casino/shared/schemas/ws';
import { SUPPORT_IMAGE_MAX_BYTES, SUPPORT_TEXT_MAX } from '@casino/shared/schemas/support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';

/**
 * Support chat on a real database (SQLite and PostgreSQL): a member opens a conversation and sees
 * only its own; an operator's answer raises the member's unread count (pushed to its sockets) and
 * reading clears it; assignment, closing and canned replies are audited; images are checked by
 * their bytes and shown only to their owner and operators.
 */

let t: TestApp;
let admin: string;
const tag = randomBytes(3).toString('hex');
const storageDir = mkdtempSync(join(tmpdir(), 'support-images-'));

beforeAll(async () => {
  t = await createTestApp({ KYC_STORAGE_DIR: storageDir });
  admin = await adminToken(t.app);
});
afterAll(async () => {
  await t?.close();
  rmSync(storageDir, { recursive: true, force: true });
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a screenshot of the cashier')]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x20, 0, 0, 0]), Buffer.from('WEBPVP8 a photo')]);

function upload(url: string, token: string, content: Buffer, filename = 'photo.png', type = 'image/png', name = 'image') {
  const boundary = `----support${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

async function operatorToken(role: string, name = role): Promise<{ token: string; id: number }> {
  const username = `${name}.${tag}`;
  const password = `${role}-Secret-${tag}`;
  const created = await call('POST', '/api/admin/operators', admin, { username, password, role });
  expect(created.statusCode, created.body).toBe(200);
  const token = json(await t.app.inject({ method: 'POST', url: API.admin.login, payload: { username, password } })).data.token;
  return { token, id: json(created).data.id };
}

async function open(token: string, text = 'Meu depósito via PIX não caiu') {
  const response = await call('POST', `${API.support.conversations}?lang=en`, token, { text });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data as { id: number; status: string; messages: { author: string; text: string }[] };
}

async function auditOf(action: string, targetId: number) {
  const response = await call('GET', `${API.admin.auditLog}?action=${action}&target_id=${targetId}`, admin);
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data.list as { after: Record<string, unknown> | null; before: Record<string, unknown> | null }[];
}

describe('a member and the support team', () => {
  it('opens a conversation, lists only its own, and another member gets 404', async () => {
    const member = await registerMember(t.app);
    const other = await registerMember(t.app);
    const conversation = await open(member.token);
    expect(conversation).toMatchObject({ status: 'open', messages: [{ author: 'member', text: 'Meu depósito via PIX não caiu' }] });

    const mine = json(await call('GET', API.support.conversations, member.token)).data;
    expect(mine).toMatchObject({ total: 1, unread_total: 0, list: [{ id: conversation.id, preview: 'Meu depósito via PIX não caiu' }] });
    expect(json(await call('GET', API.support.conversations, other.token)).data).toMatchObject({ total: 0, list: [] });

    for (const [method, url, payload] of [
      ['GET', API.support.conversation(conversation.id), undefined],
      ['POST', API.support.messages(conversation.id), { text: 'sou eu' }],
    ] as const) {
      const refused = await call(method, `${url}?lang=en`, other.token, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(404);
      expect(json(refused).message).toBe('Conversation not found');
    }
    expect(json(await call('GET', API.support.conversation(conversation.id), member.token)).data.messages).toHaveLength(1);
  });

  it('an operator reply raises the member unread (pushed) and reading clears it; the member reply raises the operators’', async () => {
    const member = await registerMember(t.app);
    const pushed: ServerMessage[] = [];
    const unsubscribe = t.ctx.realtime.subscribe(member.id, (message) => pushed.push(message));
    try {
      const conversation = await open(member.token, 'Como altero minha chave PIX?');
      const summaryBefore = json(await call('GET', API.admin.supportSummary, admin)).data;
      expect(summaryBefore.unread).toBeGreaterThanOrEqual(1);

      const inbox = json(await call('GET', `${API.admin.supportConversations}?filter=unassigned&member=${member.id}`, admin)).data;
      expect(inbox.list).toEqual([expect.objectContaining({ id: conversation.id, unread: 1, assigned_operator_id: null })]);

      const read = json(await call('GET', API.admin.supportConversation(conversation.id), admin)).data;
      expect(read).toMatchObject({ unread: 0, member_id: member.id, messages: [{ author: 'member', operator_username: null }] });

      const replied = await call('POST', `${API.admin.supportReply(conversation.id)}?lang=en`, admin, { text: 'Em Perfil > Chaves PIX.' });
      expect(replied.statusCode, replied.body).toBe(200);
      // The first answer takes an unassigned conversation.
      expect(json(replied).data).toMatchObject({
        assigned_operator_username: 'admin',
        messages: [{}, { author: 'operator', operator_username: 'admin' }],
      });
      expect(pushed).toContainEqual({ type: 'support', data: { unread: 1, conversation_id: conversation.id } });
      expect((await auditOf('support.reply', conversation.id))[0]?.after).toMatchObject({ text: 'Em Perfil > Chaves PIX.' });

      const listed = json(await call('GET', API.support.conversations, member.token)).data;
      expect(listed).toMatchObject({ unread_total: 1, list: [{ id: conversation.id, unread: 1, preview: 'Em Perfil > Chaves PIX.' }] });

      // The member reads it: the unread clears, and its other tabs hear zero.
      const opened = json(await call('GET', API.support.conversation(conversation.id), member.token)).data;
      expect(opened).toMatchObject({
        unread: 0,
        messages: [{ author: 'member' }, { author: 'operator', text: 'Em Perfil > Chaves PIX.' }],
      });
      expect(opened.messages[1]).not.toHaveProperty('operator_username');
      expect(json(await call('GET', API.support.conversations, member.token)).data.unread_total).toBe(0);
      expect(pushed.at(-1)).toEqual({ type: 'support', data: { unread: 0, conversation_id: conversation.id } });

      const again = await call('POST', API.support.messages(conversation.id), member.token, { text: 'Obrigado!' });
      expect(again.statusCode, again.body).toBe(200);
      const row = await t.ctx.db
        .selectFrom('support_conversations')
        .selectAll()
        .where('id', '=', conversation.id)
        .executeTakeFirstOrThrow();
      expect({ operator_unread: row.operator_unread, member_unread: row.member_unread, message_count: row.message_count }).toEqual({
        operator_unread: 1,
        member_unread: 0,
        message_count: 3,
      });
    } finally {
      unsubscribe();
    }
  });

  it('assigns to self or another operator who may answer, and closes; each audited', async () => {
    const member = await registerMember(t.app);
    const conversation = await open(member.token, 'Quero encerrar minha conta');
    const support = await operatorToken('support', 'agent1');
    const marketing = await operatorToken('marketing', 'mkt1');

    const operators = json(await call('GET', API.admin.supportOperators, support.token)).data.list as { id: number; username: string }[];
    expect(operators.map((o) => o.username)).toContain(`agent1.${tag}`);
    expect(operators.map((o) => o.username)).not.toContain(`mkt1.${tag}`);

    // Another operator who may not answer is refused; marketing cannot use the inbox at all.
    const wrong = await call('POST', `${API.admin.supportAssign(conversation.id)}?lang=en`, support.token, { operator_id: marketing.id });
    expect(wrong.statusCode).toBe(422);
    expect(json(wrong).errors?.operator_id).toBeDefined();
    expect((await call('GET', API.admin.supportConversations, marketing.token)).statusCode).toBe(403);

    const toSelf = await call('POST', API.admin.supportAssign(conversation.id), support.token, { operator_id: support.id });
    expect(toSelf.statusCode, toSelf.body).toBe(200);
    expect(json(toSelf).data).toMatchObject({ assigned_operator_id: support.id, assigned_operator_username: `agent1.${tag}` });
    const mine = json(await call('GET', `${API.admin.supportConversations}?filter=mine`, support.token)).data.list as { id: number }[];
    expect(mine.map((c) => c.id)).toContain(conversation.id);
    expect(json(await call('GET', API.admin.supportSummary, support.token)).data.mine).toBeGreaterThanOrEqual(1);

    const admins = await t.ctx.db.selectFrom('operators').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const toAdmin = await call('POST', API.admin.supportAssign(conversation.id), support.token, { operator_id: admins.id });
    expect(json(toAdmin).data.assigned_operator_username).toBe('admin');
    expect((await auditOf('support.assign', conversation.id))[0]).toMatchObject({
      before: { assigned_operator_id: support.id },
      after: { assigned_operator_id: admins.id },
    });

    const closed = await call('POST', API.admin.supportClose(conversation.id), support.token);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(json(closed).data).toMatchObject({ status: 'closed' });
    expect((await auditOf('support.close', conversation.id))[0]?.after).toEqual({ status: 'closed' });
    expect((await call('POST', API.admin.supportClose(conversation.id), support.token)).statusCode).toBe(422);
    const noAnswer = await call('POST', `${API.admin.supportReply(conversation.id)}?lang=en`, support.token, { text: 'oi' });
    expect(noAnswer.statusCode).toBe(422);
    expect(json(noAnswer).message).toMatch(/closed/i);
    const closedList = json(await call('GET', `${API.admin.supportConversations}?filter=closed&member=${member.id}`, support.token)).data;
    expect(closedList.list.map((c: { id: number }) => c.id)).toEqual([conversation.id]);

    // The member writing again reopens it.
    expect(json(await call('GET', API.support.conversation(conversation.id), member.token)).data.status).toBe('closed');
    const reopened = await call('POST', API.support.messages(conversation.id), member.token, { text: 'Ainda preciso de ajuda' });
    expect(json(reopened).data.status).toBe('open');
  });

  it('keeps canned replies (create, change, delete), audited', async () => {
    const created = await call('POST', API.admin.supportCanned, admin, { title: `Saudação ${tag}`, text: 'Olá! Como posso ajudar?' });
    expect(created.statusCode, created.body).toBe(200);
    const id = json(created).data.id as number;
    const changed = await call('PUT', API.admin.supportCannedReply(id), admin, {
      title: `Saudação ${tag}`,
      text: 'Olá! Em que posso ajudar?',
    });
    expect(json(changed).data.text).toBe('Olá! Em que posso ajudar?');
    const list = json(await call('GET', API.admin.supportCanned, admin)).data.list as { id: number }[];
    expect(list.map((c) => c.id)).toContain(id);
    expect((await call('POST', API.admin.supportCanned, admin, { title: '', text: 'x' })).statusCode).toBe(422);
    expect((await call('DELETE', API.admin.supportCannedReply(id), admin)).statusCode).toBe(200);
    expect((await call('DELETE', API.admin.supportCannedReply(id), admin)).statusCode).toBe(404);
    expect((await auditOf('support.canned_update', id))[0]?.before).toMatchObject({ text: 'Olá! Como posso ajudar?' });
    expect(await auditOf('support.canned_delete', id)).toHaveLength(1);
  });
});

describe('limits', () => {
  it('refuses an empty or over-long message, a fourth open conversation and a flood, with translated messages', async () => {
    const member = await registerMember(t.app);
    const empty = await call('POST', `${API.support.conversations}?lang=en`, member.token, { text: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(json(empty).errors?.text).toEqual(['Write a message or attach an image']);
    const long = await call('POST', `${API.support.conversations}?lang=en`, member.token, { text: 'a'.repeat(SUPPORT_TEXT_MAX + 1) });
    expect(long.statusCode).toBe(422);
    expect(json(long).errors?.text?.[0]).toMatch(/2000/);

    for (let i = 0; i < 3; i++) await open(member.token, `Dúvida ${i}`);
    const fourth = await call('POST', `${API.support.conversations}?lang=pt`, member.token, { text: 'Mais uma' });
    expect(fourth.statusCode).toBe(422);
    expect(json(fourth).message).toMatch(/conversas abertas/);

    const first = json(await call('GET', API.support.conversations, member.token)).data.list[0].id as number;
    let status = 200;
    for (let i = 0; i < 12 && status === 200; i++) {
      status = (await call('POST', API.support.messages(first), member.token, { text: `mensagem ${i}` })).statusCode;
    }
    expect(status).toBe(429);
  });
});

describe('images', () => {
  it('stores a real image, sends it once, and shows it to its owner and operators only', async () => {
    const member = await registerMember(t.app);
    const other = await registerMember(t.app);
    const uploaded = await upload(API.support.attachments, member.token, PNG);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const image = json(uploaded).data as { id: number; mime: string };
    expect(image).toMatchObject({ mime: 'image/png', size_bytes: PNG.length });

    // Another member can neither send nor see it.
    const stolen = await call('POST', API.support.conversations, other.token, { attachment_id: image.id });
    expect(stolen.statusCode).toBe(422);
    expect(json(stolen).errors?.attachment_id).toBeDefined();
    expect((await call('GET', API.support.attachment(image.id), other.token)).statusCode).toBe(404);

    const opened = await call('POST', API.support.conversations, member.token, { attachment_id: image.id });
    expect(opened.statusCode, opened.body).toBe(200);
    const conversation = json(opened).data;
    expect(conversation.messages[0]).toMatchObject({ text: '', attachment: { id: image.id, mime: 'image/png' } });
    // Sent once.
    expect((await call('POST', API.support.messages(conversation.id), member.token, { attachment_id: image.id })).statusCode).toBe(422);

    const mine = await call('GET', API.support.attachment(image.id), member.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(mine.rawPayload, PNG)).toBe(0);
    expect((await call('GET', API.admin.supportAttachment(image.id), admin)).statusCode).toBe(200);

    // An operator's image becomes the member's to see once it is sent in its conversation.
    const answer = json(await upload(API.admin.supportAttachments, admin, WEBP, 'reply.webp', 'image/webp')).data as {
      id: number;
      mime: string;
    };
    expect(answer.mime).toBe('image/webp');
    expect((await call('GET', API.support.attachment(answer.id), member.token)).statusCode).toBe(404);
    const replied = await call('POST', API.admin.supportReply(conversation.id), admin, {
      text: 'Veja o passo a passo',
      attachment_id: answer.id,
    });
    expect(replied.statusCode, replied.body).toBe(200);
    expect((await call('GET', API.support.attachment(answer.id), member.token)).statusCode).toBe(200);
    expect((await call('GET', API.support.attachment(answer.id), other.token)).statusCode).toBe(404);
  });

  it('refuses what is not a PNG, JPEG or WebP by its bytes, a file over 3 MB, and a missing file', async () => {
    const member = await registerMember(t.app);
    const lang = '?lang=en';
    const svg = await upload(
      `${API.support.attachments}${lang}`,
      member.token,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'x.png',
    );
    expect(svg.statusCode).toBe(422);
    expect(json(svg).errors?.image).toEqual(['Send a PNG, JPEG or WebP image']);
    const exe = await upload(
      `${API.support.attachments}${lang}`,
      member.token,
      Buffer.from('MZ\x90\x00 program'),
      'photo.jpg',
      'image/jpeg',
    );
    expect(json(exe).errors?.image).toEqual(['Send a PNG, JPEG or WebP image']);
    const pdf = await upload(`${API.support.attachments}${lang}`, member.token, Buffer.from('%PDF-1.4 a document'), 'doc.png');
    expect(pdf.statusCode).toBe(422);
    const big = Buffer.concat([PNG, Buffer.alloc(SUPPORT_IMAGE_MAX_BYTES)]);
    const tooLarge = await upload(`${API.support.attachments}${lang}`, member.token, big);
    expect(tooLarge.statusCode).toBe(422);
    expect(json(tooLarge).errors?.image).toEqual(['The image is larger than 3 MB']);
    const wrongField = await upload(`${API.support.attachments}${lang}`, member.token, PNG, 'a.png', 'image/png', 'file');
    expect(wrongField.statusCode).toBe(422);
    const none = await call('POST', `${API.support.attachments}${lang}`, member.token);
    expect(none.statusCode).toBe(422);
    expect(json(none).errors?.image).toEqual(['Choose an image']);
    expect(await t.ctx.db.selectFrom('support_attachments').select('id').where('member_id', '=', member.id).execute()).toEqual([]);
  });
});
