import type { Database } from '../../db/database.ts';
import type { Member, MemberUpdate, NewMember } from '../../db/schema.ts';

export async function findMemberById(db: Database, id: number): Promise<Member | undefined> {
  return db.selectFrom('members').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function findMemberByAccount(db: Database, account: string): Promise<Member | undefined> {
  return db.selectFrom('members').selectAll().where('account', '=', account.toLowerCase()).executeTakeFirst();
}

export async function findMemberByPhone(db: Database, phone: string): Promise<Member | undefined> {
  return db.selectFrom('members').selectAll().where('phone', '=', phone).executeTakeFirst();
}

export async function findMemberByInviteCode(db: Database, code: string): Promise<Member | undefined> {
  return db.selectFrom('members').selectAll().where('invite_code', '=', code.toUpperCase()).executeTakeFirst();
}

export async function findMemberByEmail(db: Database, email: string): Promise<Member | undefined> {
  return db.selectFrom('members').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function insertMember(db: Database, member: NewMember): Promise<Member> {
  return db.insertInto('members').values(member).returningAll().executeTakeFirstOrThrow();
}

export async function updateMember(db: Database, id: number, changes: MemberUpdate): Promise<void> {
  await db.updateTable('members').set(changes).where('id', '=', id).execute();
}

/** The member's own ledger accounts (cash, bonus, rebate), opened at registration. */
export async function openMemberAccounts(db: Database, memberId: number, currency: string, createdAt: string) {
  await db
    .insertInto('ledger_accounts')
    .values(['cash', 'bonus', 'rebate'].map((kind) => ({ member_id: memberId, kind, currency, created_at: createdAt })))
    .execute();
}

export async function memberBalances(db: Database, memberId: number): Promise<Record<string, number>> {
  const rows = await db.selectFrom('ledger_accounts').select(['kind', 'balance_centavos']).where('member_id', '=', memberId).execute();
  return Object.fromEntries(rows.map((r) => [r.kind, r.balance_centavos]));
}
