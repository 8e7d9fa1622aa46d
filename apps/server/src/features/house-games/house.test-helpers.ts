import { API } from '@casino/shared/api-paths';
import { expect } from 'vitest';
import { bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { verifyLedger } from '../../platform/ledger/ledger-verify.ts';
import { cashOf, fund } from '../withdrawals/withdrawals.test-helpers.ts';

/** Fixtures of the house games' integration tests. */

export { cashOf, fund };

/**
 * A test server; shared rounds off unless a test asks for them (with fast timings). With them on,
 * it answers once crash and double have opened their first rounds: a new chain waits for its
 * beacon round first (the sandbox beacon's, within a second).
 */
export async function houseTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({ SHARED_ROUNDS: 'off', SHARED_CHAIN_LENGTH: '200', ...env });
  if (env.SHARED_ROUNDS === 'on') await firstSharedRounds(t);
  return t;
}

async function firstSharedRounds(t: TestApp): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (const url of [API.house.crashState, API.house.doubleState]) {
    while ((await t.app.inject({ method: 'GET', url })).statusCode !== 200) {
      if (Date.now() > deadline) throw new Error(`no shared round opened at ${url}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** A registered member with `centavos` of cash. */
export async function player(t: TestApp, centavos = 100_000) {
  const member = await registerMember(t.app);
  if (centavos > 0) await fund(t, member.id, centavos);
  return { id: member.id, token: member.token, account: member.body.account as string };
}

export async function post(t: TestApp, url: string, payload: unknown, token?: string) {
  const response = await t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
  return { status: response.statusCode, body: json(response) };
}

export async function get(t: TestApp, url: string, token?: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  return { status: response.statusCode, body: json(response) };
}

/** Every ledger invariant holds (sums, balances, no negative member account, unique keys). */
export async function expectLedgerSound(t: TestApp) {
  expect(await verifyLedger(t.ctx.db)).toEqual([]);
}

/** Cents of a "0.00" answer. */
export function cents(text: string): number {
  const negative = text.startsWith('-');
  const [whole, fraction = '00'] = text.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -value : value;
}

/** The member's game rounds of a game code, newest first. */
export async function roundsOf(t: TestApp, memberId: number, code: string) {
  return t.ctx.db
    .selectFrom('game_rounds')
    .innerJoin('games', 'games.id', 'game_rounds.game_id')
    .selectAll('game_rounds')
    .where('game_rounds.member_id', '=', memberId)
    .where('games.code', '=', code)
    .orderBy('game_rounds.id', 'desc')
    .execute();
}
