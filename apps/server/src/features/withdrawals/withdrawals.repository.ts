import type { WithdrawalStatus } from '@casino/shared/schemas/payments';
import type { Database } from '../../db/database.ts';

/** Statuses that still hold the member's money on the way out. */
export const OPEN_STATUSES: WithdrawalStatus[] = ['pending_review', 'approved', 'paying'];

export async function findWithdrawChannel(db: Database, paymentType: string) {
  return db
    .selectFrom('payment_channels')
    .selectAll()
    .where('direction', '=', 'withdraw')
    .where('payment_type', '=', paymentType)
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .executeTakeFirst();
}

export async function countOpen(db: Database, memberId: number) {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('status', 'in', OPEN_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertWithdrawal(
  trx: Database,
  row: {
    order_no: string;
    member_id: number;
    member_bank_id: number;
    channel_id: number;
    amount_centavos: number;
    fee_centavos: number;
    member_remark: string | null;
    request_key: string | null;
    now: string;
  },
) {
  const { now, ...values } = row;
  return trx
    .insertInto('withdrawals')
    .values({ ...values, status: 'pending_review', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The member's withdrawal made under a request key, with what a retry must match. */
export async function findByRequestKey(db: Database, memberId: number, requestKey: string) {
  return db
    .selectFrom('withdrawals')
    .innerJoin('payment_channels', 'payment_channels.id', 'withdrawals.channel_id')
    .select([
      'withdrawals.id',
      'withdrawals.member_bank_id',
      'withdrawals.amount_centavos',
      'withdrawals.member_remark',
      'payment_channels.payment_type',
    ])
    .where('withdrawals.member_id', '=', memberId)
    .where('withdrawals.request_key', '=', requestKey)
    .executeTakeFirst();
}

/** A withdrawal with its PIX key, for the member's and the operator's views. */
function withKey(db: Database) {
  return db
    .selectFrom('withdrawals')
    .innerJoin('member_banks', 'member_banks.id', 'withdrawals.member_bank_id')
    .innerJoin('members', 'members.id', 'withdrawals.member_id')
    .leftJoin('operators', 'operators.id', 'withdrawals.reviewed_by')
    .select([
      'withdrawals.id',
      'withdrawals.order_no',
      'withdrawals.member_id',
      'withdrawals.amount_centavos',
      'withdrawals.fee_centavos',
      'withdrawals.status',
      'withdrawals.member_remark',
      'withdrawals.reject_reason',
      'withdrawals.reviewed_at',
      'withdrawals.psp_reference',
      'withdrawals.paid_at',
      'withdrawals.created_at',
      'member_banks.key_type',
      'member_banks.pix_key',
      'member_banks.holder_name',
      'members.account as member_account',
      'members.realname as member_realname',
      'members.cpf as member_cpf',
      'members.wagering_required_centavos',
      'operators.username as reviewer',
    ]);
}

export type WithdrawalRow = Awaited<ReturnType<typeof findWithdrawal>> & {};

export async function findWithdrawal(db: Database, id: number) {
  return withKey(db).where('withdrawals.id', '=', id).executeTakeFirst();
}

export async function pageWithdrawals(
  db: Database,
  filter: { memberId?: number | undefined; status?: WithdrawalStatus | undefined; page: number; pageSize: number },
) {
  let base = db.selectFrom('withdrawals');
  if (filter.memberId !== undefined) base = base.where('withdrawals.member_id', '=', filter.memberId);
  if (filter.status !== undefined) base = base.where('withdrawals.status', '=', filter.status);
  let rowsQuery = withKey(db);
  if (filter.memberId !== undefined) rowsQuery = rowsQuery.where('withdrawals.member_id', '=', filter.memberId);
  if (filter.status !== undefined) rowsQuery = rowsQuery.where('withdrawals.status', '=', filter.status);
  const [rows, total] = await Promise.all([
    rowsQuery
      .orderBy('withdrawals.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/**
 * Moves a withdrawal from one status to the next only if it is still in the first: the row
 * decides which of two concurrent operators wins. Answers whether this call moved it.
 */
export async function moveStatus(
  trx: Database,
  id: number,
  from: WithdrawalStatus,
  to: WithdrawalStatus,
  changes: { reviewed_by?: number; reviewed_at?: string; reject_reason?: string; psp_reference?: string; paid_at?: string; now: string },
): Promise<boolean> {
  const { now, ...rest } = changes;
  const result = await trx
    .updateTable('withdrawals')
    .set({ ...rest, status: to, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
