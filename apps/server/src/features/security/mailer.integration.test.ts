import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';

/**
 * A minimal SMTP server on loopback (the protocol's happy path: EHLO, MAIL, RCPT, DATA, QUIT),
 * so the test proves the code is really sent over SMTP by nodemailer when SMTP_URL is set.
 */
function startSmtp(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let inData = false;
    let data = '';
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index = buffer.indexOf('\r\n');
      while (index >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(data);
            data = '';
            socket.write('250 OK queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 test\r\n');
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) {
          socket.write('221 bye\r\n');
          socket.end();
        } else socket.write('250 OK\r\n');
        index = buffer.indexOf('\r\n');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  return once(server, 'listening').then(() => ({ server, port: (server.address() as { port: number }).port, messages }));
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
});
afterAll(async () => {
  await t.close();
  smtp.server.close();
});

describe('email over SMTP', () => {
  it('sends the verification code over SMTP and marks the outbox row sent', async () => {
    const m = await registerMember(t.app);
    const email = `smtp${m.id}@example.com`;
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/security/email/send-code?lang=pt',
      headers: bearer(m.token),
      payload: { email },
    });
    expect(json(sent).status).toBe('success');
    expect(smtp.messages).toHaveLength(1);
    const row = await t.ctx.db.selectFrom('email_outbox').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ transport: 'smtp', error: null });
    expect(row.sent_at).not.toBeNull();
    const code = /\b(\d{6})\b/.exec(row.body)![1]!;
    expect(smtp.messages[0]).toContain(email);
    expect(smtp.messages[0]).toContain(code);
  });
});
