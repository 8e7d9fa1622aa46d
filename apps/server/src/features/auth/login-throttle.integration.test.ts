import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';

// Issue 10 item 7: wrong passwords are counted per (account, address) pair, so a stranger's
// guesses slow the stranger down and never lock the member out of their own address.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const STRANGER = '203.0.113.50';
const HOME = '198.51.100.20';

const login = (app: TestApp, payload: Record<string, unknown>, remoteAddress: string, lang = 'en') =>
  app.app.inject({ method: 'POST', url: `/api/auth/login2?lang=${lang}`, payload, remoteAddress });

describe('member login throttling', () => {
  it("lets the member in from home while a stranger's 14 wrong passwords make the stranger wait", async () => {
    const { body } = await registerMember(t.app);
    const answers = [];
    for (let i = 0; i < 14; i++) answers.push(await login(t, { account: body.account, password: `wrong-${i}` }, STRANGER));
    expect(answers.slice(0, 10).map((a) => a.statusCode)).toEqual(Array(10).fill(422));
    for (const limited of answers.slice(10)) {
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe('30');
      expect(json(limited)).toMatchObject({
        error_code: 'LOGIN_THROTTLED',
        retry_after: 30,
        message: 'Too many failed attempts. Try again in 30 seconds',
      });
    }
    // Even the right password waits at the stranger's address...
    expect((await login(t, { account: body.account, password: body.password }, STRANGER)).statusCode).toBe(429);
    // ...while the member logs in from home, by account name and by phone, in Portuguese too.
    const home = await login(t, { account: body.account, password: body.password }, HOME, 'pt');
    expect(home.statusCode).toBe(200);
    expect(json(home).data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await login(t, { account: body.phone.replace('+55', ''), password: body.password }, HOME)).statusCode).toBe(200);
    const stillWaiting = await login(t, { account: body.account, password: 'wrong-again' }, STRANGER, 'pt');
    expect(json(stillWaiting).message).toMatch(/^Muitas tentativas sem sucesso\. Tente novamente em \d+ segundos$/);
  });

  it('doubles the wait with each failure after it, up to 15 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-01T12:00:00Z'));
    const { body } = await registerMember(t.app);
    const wrong = () => login(t, { account: body.account, password: 'not-the-password' }, STRANGER);
    for (let i = 0; i < 10; i++) expect((await wrong()).statusCode).toBe(422);
    const waits = [];
    for (let round = 0; round < 7; round++) {
      const limited = await wrong();
      expect(limited.statusCode).toBe(429);
      const { retry_after: wait } = json(limited) as unknown as { retry_after: number };
      waits.push(wait);
      vi.setSystemTime(Date.now() + wait * 1000 + 1000);
      expect((await wrong()).statusCode).toBe(422); // the wait is over: one more guess, refused
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
    // Whole minutes read as minutes.
    expect(json(await wrong()).message).toBe('Too many failed attempts. Try again in 15 minutes');
    // The member, at home, was never held back.
    expect((await login(t, { account: body.account, password: body.password }, HOME)).statusCode).toBe(200);
  });

  it('counts one member the same by account name and by phone', async () => {
    const { body } = await registerMember(t.app);
    for (let i = 0; i < 5; i++) await login(t, { account: body.account, password: `wrong-${i}` }, STRANGER);
    for (let i = 0; i < 5; i++) await login(t, { account: body.phone, password: `wrong-${i}` }, STRANGER);
    expect((await login(t, { account: body.phone, password: 'wrong-again' }, STRANGER)).statusCode).toBe(429);
  });

  it('follows LOGIN_MAX_FAILURES, and stops an address that guesses many accounts', async () => {
    const strict = await createTestApp({ LOGIN_MAX_FAILURES: '3' });
    try {
      const { body } = await registerMember(strict.app);
      for (let i = 0; i < 3; i++)
        expect((await login(strict, { account: body.account, password: 'nope-nope' }, STRANGER)).statusCode).toBe(422);
      expect((await login(strict, { account: body.account, password: 'nope-nope' }, STRANGER)).statusCode).toBe(429);
      // Ten times as many failures from one address, over any accounts: that address waits.
      for (let i = 0; i < 30; i++) await login(strict, { account: `nobody_${i}`, password: 'guess-guess' }, '192.0.2.77');
      const spray = await login(strict, { account: 'nobody_new', password: 'guess-guess' }, '192.0.2.77');
      expect(spray.statusCode).toBe(429);
      expect(Number(spray.headers['retry-after'])).toBeGreaterThan(800);
      expect((await login(strict, { account: body.account, password: body.password }, HOME)).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
