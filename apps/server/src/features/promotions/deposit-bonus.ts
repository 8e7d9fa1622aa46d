import type { DepositBonus, DepositBonusChoice } from '@casino/shared/schemas/promotions';
import { ERRORS } from '@casino/shared/errors';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { AppError } from '../../lib/http.ts';
import { translate } from '../../lib/i18n.ts';
import type { ActivityRun } from './engine.ts';

/**
 * One bonus per deposit (docs/PROMOTIONS.md). With the site's bonus stacking off (the default), a
 * credited deposit funds at most one deposit bonus (first deposit, welcome, recharge rebate): the
 * one the member chose when depositing, or else the first one claimed. Every claim of a deposit
 * bonus records the deposit in `deposit_bonus_uses`, whose key is the deposit, inside the claim's
 * transaction; a second bonus of the same deposit finds the row taken by another source and is
 * refused, also when both claims arrive at the same instant (the key decides, not the timing).
 * With stacking on the row is still written, so switching stacking off later closes the other
 * bonuses of deposits that already funded one.
 */

/** A credited deposit as the rule sees it: its id and the member's choice when depositing. */
export interface BonusDeposit {
  id: number;
  bonusChoice: string | null;
}

/** Why a deposit bonus cannot use a deposit: the refusal's code and the bonus it names. */
export interface DepositClosure {
  code: 'DEPOSIT_FUNDED_OTHER' | 'DEPOSIT_BONUS_CHOSEN' | 'DEPOSIT_NO_BONUS';
  /** The bonus that has the deposit (or 'none'). */
  source: string;
}

function stackingOn(run: Pick<ActivityRun<unknown>, 'site'>): boolean {
  return run.site.bonus_stacking === 1;
}

/**
 * The bonus the member's choice keeps this deposit for. A first-deposit bonus chosen for a deposit
 * that turned out not to be the member's first (two orders paid in another order) keeps nothing:
 * that bonus cannot use the deposit, so the deposit stays free for the others.
 */
function reservedFor(deposit: BonusDeposit, firstDepositId: number | undefined): DepositBonusChoice | undefined {
  switch (deposit.bonusChoice) {
    case 'none':
    case 'rechargerebate':
      return deposit.bonusChoice;
    case 'ftd':
    case 'welcome':
      return deposit.id === firstDepositId ? deposit.bonusChoice : undefined;
    default:
      return undefined;
  }
}

/** The bonus each of these deposits funded first: deposit id -> activity type. */
export async function depositUses(db: Database, depositIds: number[]): Promise<Map<number, string>> {
  if (depositIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('deposit_bonus_uses')
    .select(['deposit_order_id', 'source'])
    .where('deposit_order_id', 'in', depositIds)
    .execute();
  return new Map(rows.map((row) => [Number(row.deposit_order_id), row.source]));
}

/**
 * Why `type` cannot use this deposit, or undefined when it can (always, with stacking on).
 * `usedBy` is the bonus the deposit already funded (see depositUses).
 */
export function depositClosure(
  run: Pick<ActivityRun<unknown>, 'site'>,
  type: DepositBonus,
  deposit: BonusDeposit,
  firstDepositId: number | undefined,
  usedBy: string | undefined,
): DepositClosure | undefined {
  if (stackingOn(run)) return undefined;
  if (usedBy !== undefined && usedBy !== type) return { code: 'DEPOSIT_FUNDED_OTHER', source: usedBy };
  const reserved = reservedFor(deposit, firstDepositId);
  if (reserved === 'none') return { code: 'DEPOSIT_NO_BONUS', source: 'none' };
  if (reserved !== undefined && reserved !== type) return { code: 'DEPOSIT_BONUS_CHOSEN', source: reserved };
  return undefined;
}

/** The same closure read for one deposit from `db`. */
export async function closureOfDeposit(
  db: Database,
  run: Pick<ActivityRun<unknown>, 'site'>,
  type: DepositBonus,
  deposit: BonusDeposit,
  firstDepositId: number | undefined,
): Promise<DepositClosure | undefined> {
  if (stackingOn(run)) return undefined;
  const uses = await depositUses(db, [deposit.id]);
  return depositClosure(run, type, deposit, firstDepositId, uses.get(deposit.id));
}

const bonusName = (lang: string, source: string) => translate(lang, `promo.sources.${source}`);

/** The closure as a check's message (catalogue key and values, in the reader's language). */
export function closureMessage(closure: DepositClosure, lang: string): { messageKey: string; messageValues: Record<string, string> } {
  return { messageKey: ERRORS[closure.code].message, messageValues: { bonus: bonusName(lang, closure.source) } };
}

/** The closure as a claim's refusal, translated when it is answered. */
export function closureError(closure: DepositClosure): AppError {
  return new AppError(closure.code, { messageValues: (lang) => ({ bonus: bonusName(lang, closure.source) }) });
}

/**
 * Records that `type` uses this deposit, inside the claim's transaction, after the caller found no
 * closure. With stacking off, a deposit another bonus took in the meantime (a claim that committed
 * after this one read, or one racing it on another server) is refused here: the row's key is the
 * deposit, so the second insert finds it and the whole claim rolls back.
 */
export async function takeDeposit(
  trx: Database,
  run: Pick<ActivityRun<unknown>, 'site' | 'member'>,
  type: DepositBonus,
  deposit: BonusDeposit,
  claimKey: string,
): Promise<void> {
  await trx
    .insertInto('deposit_bonus_uses')
    .values({ deposit_order_id: deposit.id, member_id: run.member.id, source: type, claim_key: claimKey, created_at: nowIso() })
    .onConflict((oc) => oc.column('deposit_order_id').doNothing())
    .execute();
  if (stackingOn(run)) return;
  const use = await trx
    .selectFrom('deposit_bonus_uses')
    .select('source')
    .where('deposit_order_id', '=', deposit.id)
    .executeTakeFirstOrThrow();
  if (use.source !== type) throw closureError({ code: 'DEPOSIT_FUNDED_OTHER', source: use.source });
}
