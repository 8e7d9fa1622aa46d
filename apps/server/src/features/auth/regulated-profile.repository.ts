import type { Database } from '../../db/database.ts';
import type { MemberUpdate } from '../../db/schema.ts';

/** Queries of the regulated profile's data (issue 12 item 6): one account per CPF and e-mail. */

export function findMemberIdByCpf(db: Database, cpf: string) {
  return db.selectFrom('members').select('id').where('cpf', '=', cpf).executeTakeFirst();
}

export function findMemberIdByEmail(db: Database, email: string) {
  return db.selectFrom('members').select('id').where('email', '=', email).executeTakeFirst();
}

/** Writes the member's identity, address and the moment its data became complete. */
export async function saveRegulatedColumns(db: Database, memberId: number, columns: MemberUpdate): Promise<void> {
  await db.updateTable('members').set(columns).where('id', '=', memberId).execute();
}

/** Whether the member's site is on the regulated profile. */
export async function siteIsRegulated(db: Database, siteId: number): Promise<boolean> {
  const row = await db.selectFrom('sites').select('regulated').where('id', '=', siteId).executeTakeFirst();
  return row?.regulated === 1;
}
