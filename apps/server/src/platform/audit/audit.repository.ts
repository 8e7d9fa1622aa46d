import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';

export interface AuditEntry {
  operatorId: number | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
  ip: string | null;
}

/** One row per operator action: who, what, before, after, when, from where. */
export async function writeAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      operator_id: entry.operatorId,
      action: entry.action,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId === undefined ? null : String(entry.targetId),
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
      ip: entry.ip,
      created_at: nowIso(),
    })
    .execute();
}

export async function pageAudit(
  db: Database,
  filter: { action?: string | undefined; target_id?: string | undefined; page: number; page_size: number },
) {
  let query = db.selectFrom('audit_log').leftJoin('operators', 'operators.id', 'audit_log.operator_id');
  if (filter.action) query = query.where('audit_log.action', '=', filter.action);
  if (filter.target_id) query = query.where('audit_log.target_id', '=', filter.target_id);
  const [rows, total] = await Promise.all([
    query
      .select([
        'audit_log.id',
        'audit_log.operator_id',
        'operators.username as operator_username',
        'audit_log.action',
        'audit_log.target_type',
        'audit_log.target_id',
        'audit_log.before_json',
        'audit_log.after_json',
        'audit_log.ip',
        'audit_log.created_at',
      ])
      .orderBy('audit_log.id', 'desc')
      .limit(filter.page_size)
      .offset((filter.page - 1) * filter.page_size)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const parse = (json: string | null) => (json === null ? null : (JSON.parse(json) as unknown));
  return {
    list: rows.map(({ before_json, after_json, ...row }) => ({ ...row, before: parse(before_json), after: parse(after_json) })),
    total: Number(total.n),
    page: filter.page,
    page_size: filter.page_size,
  };
}
