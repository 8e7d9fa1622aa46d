import type { Database } from '../../db/database.ts';

/** Queries of the back office's responsible-gaming view: the members it lists and the facts behind risk flags. */

export type MemberFilter = 'any' | 'limits' | 'paused' | 'excluded' | 'closed';

/** Members with limits, pauses, exclusions or a closure (or one member by id, whatever it has), newest first. */
export async function pageMembers(
  db: Database,
  filter: { filter: MemberFilter; memberId?: number | undefined; now: string; page: number; pageSize: number },
) {
  let query = db.selectFrom('members').leftJoin('responsible_settings as s', 's.member_id', 'members.id');
  if (filter.memberId !== undefined) {
    query = query.where('members.id', '=', filter.memberId);
  } else {
    query = query.where((eb) => {
      const hasLimit = eb.exists(
        eb
          .selectFrom('responsible_limits as l')
          .select('l.member_id')
          .whereRef('l.member_id', '=', 'members.id')
          .where('l.value', 'is not', null),
      );
      const paused = eb('s.paused_until', '>', filter.now);
      const excluded = eb.and([
        eb('s.excluded_at', 'is not', null),
        eb.or([eb('s.excluded_until', 'is', null), eb('s.excluded_until', '>', filter.now)]),
      ]);
      const closed = eb('s.closed_at', 'is not', null);
      if (filter.filter === 'limits') return hasLimit;
      if (filter.filter === 'paused') return paused;
      if (filter.filter === 'excluded') return excluded;
      if (filter.filter === 'closed') return closed;
      return eb.or([hasLimit, paused, excluded, closed]);
    });
  }
  const [rows, total] = await Promise.all([
    query
      .select([
        'members.id',
        'members.account',
        's.paused_until',
        's.excluded_at',
        's.excluded_until',
        's.exclusion_source',
        's.withdraw_until',
        's.closed_at',
      ])
      .orderBy('members.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function limitsOf(db: Database, memberIds: number[]) {
  if (memberIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('responsible_limits')
    .select(['member_id', 'kind', 'period', 'value', 'pending_value', 'pending_clear', 'pending_at'])
    .where('member_id', 'in', memberIds)
    .execute();
}

export function findMember(db: Database, memberId: number) {
  return db.selectFrom('members').select(['id', 'account']).where('id', '=', memberId).executeTakeFirst();
}

// ---- facts behind the risk flags ----------------------------------------------------------------

/** Credited deposits since an instant (at most `limit`, oldest first). */
export function creditedDepositsSince(db: Database, memberId: number, since: string, limit: number) {
  return db
    .selectFrom('deposit_orders')
    .select(['amount_centavos', 'credited_at'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'credited')
    .where('credited_at', '>=', since)
    .orderBy('credited_at')
    .limit(limit)
    .execute();
}

/** Refusals by a limit over the São Paulo days [fromDay, toDay]. */
export async function limitHitsBetween(db: Database, memberId: number, fromDay: string, toDay: string): Promise<number> {
  const row = await db
    .selectFrom('responsible_usage')
    .select((eb) => eb.fn.sum<number>('limit_hits').as('hits'))
    .where('member_id', '=', memberId)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .executeTakeFirst();
  return Number(row?.hits ?? 0);
}

/** Codes of the money that play moves on the member's cash: stakes out, wins and refunds in. */
export const STAKE_CODES = ['game_bet', 'sport_bet'] as const;
export const PLAY_CODES = [
  'game_bet',
  'game_win',
  'game_rollback',
  'sport_bet',
  'sport_bet_payout',
  'sport_bet_refund',
  'sport_bet_correction',
  'sport_cashout',
] as const;

function cashEntries(db: Database, memberId: number, codes: readonly string[], from: string, to: string) {
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transfers as t', 't.id', 'e.transfer_id')
    .where('a.member_id', '=', memberId)
    .where('a.kind', '=', 'cash')
    .where('t.code', 'in', codes)
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<', to);
}

/** The first stake in [from, to), if any. */
export async function firstStakeBetween(db: Database, memberId: number, from: string, to: string): Promise<string | undefined> {
  const row = await cashEntries(db, memberId, STAKE_CODES, from, to)
    .select('e.created_at')
    .orderBy('e.created_at')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at;
}

/** What play moved on the member's cash in [from, to): negative is a loss. */
export async function playNetBetween(db: Database, memberId: number, from: string, to: string): Promise<number> {
  const row = await cashEntries(db, memberId, PLAY_CODES, from, to)
    .select((eb) => eb.fn.sum<number>('e.amount_centavos').as('net'))
    .executeTakeFirst();
  return Number(row?.net ?? 0);
}
