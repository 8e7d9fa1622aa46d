import { randomUUID } from 'node:crypto';
import { CAPTCHA_TTL_MS } from '@casino/shared/constants';
import svgCaptcha from 'svg-captcha';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/http.ts';
import { safeEqualHex, sha256 } from '../../lib/tokens.ts';

/** Draws a 4-character image captcha; the answer is kept hashed, single-use, for 5 minutes. */
export async function createCaptcha(ctx: AppContext) {
  const drawn = svgCaptcha.create({
    size: 4,
    noise: 3,
    ignoreChars: '0oO1iIlL',
    color: true,
    background: '#1b2236',
    width: 120,
    height: 44,
  });
  const id = randomUUID();
  const now = Date.now();
  await ctx.db
    .insertInto('captchas')
    .values({ id, answer_hash: sha256(drawn.text.toLowerCase()), expires_at: new Date(now + CAPTCHA_TTL_MS).toISOString(), used_at: null })
    .execute();
  // Old rows go as new ones come; bounded so a burst never makes one request slow.
  const stale = new Date(now - 60 * 60_000).toISOString();
  const old = await ctx.db.selectFrom('captchas').select('id').where('expires_at', '<', stale).limit(100).execute();
  if (old.length > 0)
    await ctx.db
      .deleteFrom('captchas')
      .where(
        'id',
        'in',
        old.map((r) => r.id),
      )
      .execute();
  return {
    captcha_key: id,
    key: id,
    img: `data:image/svg+xml;base64,${Buffer.from(drawn.data).toString('base64')}`,
    expires_in: Math.round(CAPTCHA_TTL_MS / 1000),
    enabled: ctx.config.CASINO_CAPTCHA === 'enabled',
  };
}

/**
 * Checks and consumes a captcha in one statement, so one answer is accepted at most once even
 * under concurrency. Any attempt consumes it: a wrong guess needs a new image.
 */
export async function consumeCaptcha(ctx: AppContext, key: string | undefined, answer: string | undefined): Promise<void> {
  if (ctx.config.CASINO_CAPTCHA === 'disabled') return;
  if (!key || !answer) throw new AppError('CAPTCHA_INVALID', { fieldErrors: { captcha: ['validation.captcha_again'] } });
  const now = new Date().toISOString();
  const row = await ctx.db
    .updateTable('captchas')
    .set({ used_at: now })
    .where('id', '=', key)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('answer_hash')
    .executeTakeFirst();
  if (!row || !safeEqualHex(row.answer_hash, sha256(answer.trim().toLowerCase()))) {
    throw new AppError('CAPTCHA_INVALID', { fieldErrors: { captcha: ['validation.captcha_again'] } });
  }
}
