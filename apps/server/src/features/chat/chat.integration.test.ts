import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { maskAccount, sweep } from './chat.service.ts';

/**
 * The community chat (issue 15 item 1): visitors read, members write, each abuse refused with its
 * own message, and operators delete, mute and ban from the back office, audited and pushed to the
 * open sockets.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ CHAT_RATE_LIMIT: '3' });
  admin = await adminToken(t.app);
});
afterAll(async () => {
  await t.close();
});

const send = (token: string | undefined, room: string, text: string, lang = 'en') =>
  t.app.inject({ method: 'POST', url: API.chat.send, headers: token ? bearer(token) : {}, payload: { room, text, lang } });

async function waitFor<T>(probe: () => T | undefined, what: string, ms = 3_000): Promise<T> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('chat', () => {
  it('lists the eight rooms; a visitor reads the history and hears a member write over /ws/chat', async () => {
    const rooms = json(await t.app.inject({ method: 'GET', url: API.chat.rooms }));
    expect(rooms.data.rooms.map((r: { code: string }) => r.code)).toEqual(['pt', 'en', 'zh', 'vi', 'id', 'ms', 'th', 'tr']);
    expect(rooms.data.me).toBeNull();

    const m = await registerMember(t.app);
    const me = json(await t.app.inject({ method: 'GET', url: API.chat.rooms, headers: bearer(m.token) }));
    expect(me.data.me).toBe(maskAccount(m.body.account));

    const visitor = await t.app.injectWS(`${API.chat.socket}?room=pt`);
    const heard: any[] = [];
    visitor.on('message', (raw: Buffer) => heard.push(JSON.parse(raw.toString())));
    const other = await t.app.injectWS(`${API.chat.socket}?room=en`);
    const heardEn: any[] = [];
    other.on('message', (raw: Buffer) => heardEn.push(JSON.parse(raw.toString())));

    const sent = await send(m.token, 'pt', 'Boa sorte, pessoal! @ma***23');
    expect(sent.statusCode).toBe(200);
    const message = json(sent).data.message;
    expect(message).toMatchObject({ room: 'pt', nick: maskAccount(m.body.account), text: 'Boa sorte, pessoal! @ma***23', operator: false });
    expect(message.mentions).toEqual(['ma***23']);
    const pushed = await waitFor(() => heard.find((h) => h.type === 'message' && h.message.id === message.id), 'the pushed message');
    expect(pushed.message.text).toBe(message.text);
    expect(heardEn.some((h) => h.type === 'message')).toBe(false);

    const history = json(await t.app.inject({ method: 'GET', url: `${API.chat.history}?room=pt` }));
    expect(history.data.messages.at(-1).id).toBe(message.id);
    expect(history.data.messages.length).toBeLessThanOrEqual(50);
    // A visitor writing on the socket is told to log in; nothing is stored.
    visitor.send(JSON.stringify({ type: 'send', text: 'oi' }));
    const refused = await waitFor(() => heard.find((h) => h.type === 'error'), 'the refusal');
    expect(refused.code).toBe('CHAT_LOGIN_REQUIRED');
    expect(refused.message).toBe('Entre na sua conta para escrever no chat.');
    visitor.terminate();
    other.terminate();
  });

  it('keeps only the last 50 messages in the history, and an unknown room is 422', async () => {
    const writers = await Promise.all(Array.from({ length: 18 }, () => registerMember(t.app)));
    let n = 0;
    for (const w of writers) for (let i = 0; i < 3; i += 1) expect((await send(w.token, 'tr', `merhaba ${n++}`)).statusCode).toBe(200);
    const history = json(await t.app.inject({ method: 'GET', url: `${API.chat.history}?room=tr` }));
    expect(history.data.messages).toHaveLength(50);
    expect(history.data.messages.at(-1).text).toBe(`merhaba ${n - 1}`);
    expect(history.data.messages[0].text).toBe(`merhaba ${n - 50}`);
    expect((await t.app.inject({ method: 'GET', url: `${API.chat.history}?room=xx` })).statusCode).toBe(422);
  });

  it('refuses each abuse with its own translated message', async () => {
    const visitor = await send(undefined, 'pt', 'oi');
    expect(visitor.statusCode).toBe(401);

    const m = await registerMember(t.app);
    const cases: [string, number, string, string][] = [
      ['x'.repeat(201), 422, 'CHAT_TEXT_TOO_LONG', 'A mensagem pode ter no máximo 200 caracteres.'],
      ['   ', 422, 'CHAT_TEXT_EMPTY', 'Escreva uma mensagem.'],
      ['entra em https://golpe.example', 422, 'CHAT_LINK_BLOCKED', 'Links não são permitidos no chat.'],
      ['meusite.com.br tem bônus', 422, 'CHAT_LINK_BLOCKED', 'Links não são permitidos no chat.'],
      ['chama no zap 11 98765-4321', 422, 'CHAT_PHONE_BLOCKED', 'Números de telefone não são permitidos no chat.'],
      ['que porra é essa', 422, 'CHAT_PROFANITY', 'Sua mensagem tem palavras não permitidas no chat.'],
      ['this is fucking rigged', 422, 'CHAT_PROFANITY', 'Sua mensagem tem palavras não permitidas no chat.'],
    ];
    for (const [text, status, code, message] of cases) {
      const answer = await send(m.token, 'pt', text, 'pt');
      expect([text, answer.statusCode]).toEqual([text, status]);
      expect(json(answer).error_code).toBe(code);
      expect(json(answer).message).toBe(message);
      expect(json(answer).errors?.text?.[0]).toBe(message);
    }
    // English refusal text for an English reader.
    expect(json(await send(m.token, 'en', 'www.spam.net')).message).toBe('Links are not allowed in the chat.');

    // The same text again (case and punctuation aside) is refused; something else passes.
    expect((await send(m.token, 'pt', 'Vamos ganhar!')).statusCode).toBe(200);
    const again = await send(m.token, 'pt', 'vamos ganhar', 'pt');
    expect(again.statusCode).toBe(429);
    expect(json(again).error_code).toBe('CHAT_REPEATED');
    expect(json(again).message).toBe('Você já enviou essa mensagem. Escreva algo diferente.');

    // CHAT_RATE_LIMIT=3 per 30 s (the repeated one counted too).
    expect((await send(m.token, 'pt', 'terceira')).statusCode).toBe(200);
    const flood = await send(m.token, 'pt', 'quarta', 'pt');
    expect(flood.statusCode).toBe(429);
    expect(json(flood).error_code).toBe('CHAT_TOO_FAST');
    expect(json(flood).message).toMatch(/^Você está enviando mensagens rápido demais. Tente de novo em \d+ s.$/);
    expect(Number(flood.headers['retry-after'])).toBeGreaterThan(0);

    // Over the socket, the same rules answer with the same text.
    const ws = await t.app.injectWS(`${API.chat.socket}?room=pt&lang=pt&token=${(await registerMember(t.app)).token}`);
    const heard: any[] = [];
    ws.on('message', (raw: Buffer) => heard.push(JSON.parse(raw.toString())));
    ws.send(JSON.stringify({ type: 'send', text: 'olha o site www.x.com' }));
    const refused = await waitFor(() => heard.find((h) => h.type === 'error'), 'the socket refusal');
    expect(refused).toMatchObject({ code: 'CHAT_LINK_BLOCKED', message: 'Links não são permitidos no chat.' });
    ws.send(JSON.stringify({ type: 'send', text: 'pelo socket' }));
    const mine = await waitFor(() => heard.find((h) => h.type === 'message' && h.message.text === 'pelo socket'), 'the socket message');
    expect(mine.message.room).toBe('pt');
    ws.terminate();
  });

  it('lets an operator delete, mute, ban and lift: audited and pushed to the sockets', async () => {
    const m = await registerMember(t.app);
    const nick = maskAccount(m.body.account);
    const ws = await t.app.injectWS(`${API.chat.socket}?room=pt`);
    const heard: any[] = [];
    ws.on('message', (raw: Buffer) => heard.push(JSON.parse(raw.toString())));
    const first = json(await send(m.token, 'pt', 'primeira')).data.message;

    // A member cannot reach the back office.
    expect((await t.app.inject({ method: 'GET', url: API.admin.chatMessages, headers: bearer(m.token) })).statusCode).toBe(401);

    const listed = json(
      await t.app.inject({ method: 'GET', url: `${API.admin.chatMessages}?room=pt&member_id=${m.id}`, headers: bearer(admin) }),
    );
    expect(listed.data.list.map((r: { id: number }) => r.id)).toEqual([first.id]);
    expect(listed.data.list[0].account).toBe(m.body.account);

    const removed = await t.app.inject({ method: 'DELETE', url: API.admin.chatMessage(first.id), headers: bearer(admin) });
    expect(removed.statusCode).toBe(200);
    const deleted = await waitFor(() => heard.find((h) => h.type === 'deleted'), 'the deletion');
    expect(deleted).toEqual({ type: 'deleted', room: 'pt', ids: [first.id] });
    const history = json(await t.app.inject({ method: 'GET', url: `${API.chat.history}?room=pt` }));
    expect(history.data.messages.some((x: { id: number }) => x.id === first.id)).toBe(false);
    expect((await t.app.inject({ method: 'DELETE', url: API.admin.chatMessage(999_999), headers: bearer(admin) })).statusCode).toBe(404);

    const mute = await t.app.inject({
      method: 'POST',
      url: API.admin.chatSanctions,
      headers: bearer(admin),
      payload: { member_id: m.id, kind: 'mute', minutes: 15, reason: 'flood' },
    });
    expect(mute.statusCode).toBe(200);
    const muteId = json(mute).data.id;
    const pushedMute = await waitFor(() => heard.find((h) => h.type === 'muted'), 'the mute');
    expect(pushedMute).toMatchObject({ nick, kind: 'mute' });
    const muted = await send(m.token, 'pt', 'posso falar?', 'pt');
    expect(muted.statusCode).toBe(403);
    expect(json(muted).error_code).toBe('CHAT_MUTED');
    expect(json(muted).message).toMatch(/^Você foi silenciado no chat até \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}\.$/);

    const sanctions = json(await t.app.inject({ method: 'GET', url: API.admin.chatSanctions, headers: bearer(admin) }));
    expect(sanctions.data.list.find((s: { id: number }) => s.id === muteId)).toMatchObject({
      member_id: m.id,
      kind: 'mute',
      reason: 'flood',
    });

    expect((await t.app.inject({ method: 'DELETE', url: API.admin.chatSanction(muteId), headers: bearer(admin) })).statusCode).toBe(200);
    const second = json(await send(m.token, 'pt', 'voltei')).data.message;

    // A ban takes the member's recent messages down and refuses the next.
    const ban = await t.app.inject({
      method: 'POST',
      url: API.admin.chatSanctions,
      headers: bearer(admin),
      payload: { member_id: m.id, kind: 'ban' },
    });
    expect(json(ban).data).toMatchObject({ kind: 'ban', until: null, messages_deleted: 1 });
    await waitFor(() => heard.find((h) => h.type === 'deleted' && h.ids.includes(second.id)), 'the ban takedown');
    const banned = await send(m.token, 'pt', 'e agora?', 'pt');
    expect(banned.statusCode).toBe(403);
    expect(json(banned).message).toBe('Você foi banido do chat.');

    const audit = await t.ctx.db.selectFrom('audit_log').select(['action', 'target_id']).where('action', 'like', 'chat.%').execute();
    const actions = audit.map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['chat.delete', 'chat.mute', 'chat.lift', 'chat.ban']));
    ws.terminate();
  });

  it('lets an operator write as the team, and sweeps messages older than CHAT_RETENTION_DAYS', async () => {
    const team = await t.app.inject({
      method: 'POST',
      url: API.admin.chatSend,
      headers: bearer(admin),
      payload: { room: 'vi', text: 'Xin chào!' },
    });
    expect(json(team).data.message).toMatchObject({ operator: true, room: 'vi' });

    const m = await registerMember(t.app);
    const old = json(await send(m.token, 'id', 'pesan lama')).data.message;
    const fresh = json(await send(m.token, 'id', 'pesan baru')).data.message;
    await t.ctx.db
      .updateTable('chat_messages')
      .set({ created_at: new Date(Date.now() - 31 * 86_400_000).toISOString() })
      .where('id', '=', old.id)
      .execute();
    expect(await sweep(t.ctx)).toBeGreaterThanOrEqual(1);
    const left = await t.ctx.db.selectFrom('chat_messages').select('id').where('id', 'in', [old.id, fresh.id]).execute();
    expect(left.map((r) => Number(r.id))).toEqual([fresh.id]);
  });
});
