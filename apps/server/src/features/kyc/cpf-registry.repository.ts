import type { Database } from '../../db/database.ts';

/** The sandbox CPF registry table (migration 0015), which operators keep in the back office. */

export function findRegistryEntry(db: Database, cpf: string) {
  return db.selectFrom('cpf_registry').selectAll().where('cpf', '=', cpf).executeTakeFirst();
}

export async function pageRegistry(db: Database, filter: { q?: string | undefined; page: number; page_size: number }) {
  let query = db.selectFrom('cpf_registry');
  const q = filter.q?.trim();
  if (q) {
    const digits = q.replace(/\D/g, '');
    query = query.where((eb) =>
      eb.or([
        ...(digits.length > 0 ? [eb('cpf', 'like', `%${digits}%`)] : []),
        eb(eb.fn('lower', ['full_name']), 'like', `%${q.toLowerCase().replace(/[%_\\]/g, '')}%`),
      ]),
    );
  }
  const [list, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('cpf')
      .limit(filter.page_size)
      .offset((filter.page - 1) * filter.page_size)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(total.n) };
}

export async function insertRegistryEntry(db: Database, row: { cpf: string; full_name: string; birth_date: string; created_at: string }) {
  await db.insertInto('cpf_registry').values(row).execute();
}

/** Inserts the entry unless the CPF is already there (the demo seed runs at every start). */
export async function insertRegistryEntryIfAbsent(
  db: Database,
  row: { cpf: string; full_name: string; birth_date: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('cpf_registry')
    .values(row)
    .onConflict((oc) => oc.column('cpf').doNothing())
    .execute();
}

/** True when a row was removed. */
export async function deleteRegistryEntry(db: Database, cpf: string): Promise<boolean> {
  const result = await db.deleteFrom('cpf_registry').where('cpf', '=', cpf).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
