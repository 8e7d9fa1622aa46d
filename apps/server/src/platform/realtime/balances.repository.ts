import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/** What the balance push tells a member's pages: cash, rebate and the wagering still required. */
export interface MemberBalances {
  cashCentavos: number;
  rebateCentavos: number;
  wageringRequiredCentavos: number;
}

/** The balances of a few members (one chunk of a push), by member id, in one statement; a member with no account reads zeros. */
export async function memberBalances(db: Database, memberIds: readonly number[]): Promise<Map<number, MemberBalances>> {
  const byId = new Map<number, MemberBalances>();
  if (memberIds.length === 0) return byId;
  const balance = (eb: ExpressionBuilder<DB, 'members'>, kind: 'cash' | 'rebate') =>
    eb
      .selectFrom('ledger_accounts')
      .select('balance_centavos')
      .whereRef('ledger_accounts.member_id', '=', 'members.id')
      .where('ledger_accounts.kind', '=', kind)
      .limit(1);
  const rows = await db
    .selectFrom('members')
    .select((eb) => ['id', 'wagering_required_centavos', balance(eb, 'cash').as('cash'), balance(eb, 'rebate').as('rebate')])
    .where('id', 'in', [...memberIds])
    .execute();
  for (const id of memberIds) {
    const row = rows.find((r) => r.id === id);
    byId.set(id, {
      cashCentavos: Number(row?.cash ?? 0),
      rebateCentavos: Number(row?.rebate ?? 0),
      wageringRequiredCentavos: row?.wagering_required_centavos ?? 0,
    });
  }
  return byId;
}
