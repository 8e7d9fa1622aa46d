import type { AppContext } from '../../context.ts';
import type { Member } from '../../db/schema.ts';
import { AppError, fieldError } from '../../lib/http.ts';
import { verifyPassword } from '../../lib/passwords.ts';

const VERIFY_FAILURE_WINDOW_MS = 15 * 60_000;
const VERIFY_MAX_FAILURES = 10;

/**
 * Checks a logged-in member's login password where a door asks for it again (security centre,
 * pause, self-exclusion), counting failures in one counter so it cannot be guessed through any
 * of them; a wrong one is 422 on `field`.
 */
export async function checkLoginPassword(ctx: AppContext, member: Member, password: string, field: string): Promise<void> {
  const key = `verify:${member.id}`;
  if ((await ctx.counters.count(key)) >= VERIFY_MAX_FAILURES) throw new AppError('RATE_LIMITED');
  if (!(await verifyPassword(member.password_hash, password))) {
    await ctx.counters.hit(key, VERIFY_FAILURE_WINDOW_MS);
    throw fieldError('PASSWORD_WRONG', field);
  }
}
