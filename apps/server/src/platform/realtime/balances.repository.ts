import type { Database } from '../../db/database.ts';

/** What the balance push tells a member's pages: cash, rebate and the wagering still required. */
export interface MemberBalances {
  cashCentavos: number;
  rebateCentavos: number;
  wageringRequiredCentavos: number;
}

/** The balances of a few members (one chunk of a push), by member id; a member with none reads zeros. */
export async function memberBalances(db: Database, memberIds: readonly number[]): Promise<Map<number, MemberBalances>> {
  const byId = new Map<number, MemberBalances>();
  if (memberIds.length === 0) return byId;
  const ids = [...memberIds];
  const [accounts, members] = await Promise.all([
    db.selectFrom('ledger_accounts').select(['member_id', 'kind', 'balance_centavos']).where('member_id', 'in', ids).execute(),
    db.selectFrom('members').select(['id', 'wagering_required_centavos']).where('id', 'in', ids).execute(),
  ]);
  for (const id of ids) {
    const balance = (kind: string) => accounts.find((a) => a.member_id === id && a.kind === kind)?.balance_centavos ?? 0;
    byId.set(id, {
      cashCentavos: balance('cash'),
      rebateCentavos: balance('rebate'),
      wageringRequiredCentavos: members.find((m) => m.id === id)?.wagering_required_centavos ?? 0,
    });
  }
  return byId;
}
