import type { myBetsBody, SportBet } from '@casino/shared/schemas/sports';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { betViews } from './bet-views.ts';
import { loadSettings } from './betting.service.ts';
import * as repo from './bets.repository.ts';

/** My bets (issue 6): the member's own bets only, newest first, open or settled, with the cash-out offer now. */

export type MyBetsInput = z.output<typeof myBetsBody>;

/** A page of the member's bets with their legs (scores, results) and, for open bets, the offer now. */
export async function listMyBets(
  ctx: AppContext,
  memberId: number,
  input: MyBetsInput,
): Promise<{ list: SportBet[]; total: number; page: number; page_size: number }> {
  const { rows, total } = await repo.listMemberBets(ctx.db, memberId, input.status, input.page, input.page_size);
  const legs = await repo.findLegs(
    ctx.db,
    rows.map((r) => r.id),
  );
  const settings = await loadSettings(ctx.db);
  return { list: betViews(rows, legs, settings.cashout_margin_bp), total, page: input.page, page_size: input.page_size };
}
