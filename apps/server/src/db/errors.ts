/**
 * Whether a database error is a unique-constraint violation naming `needle` (a column or a
 * constraint), on PostgreSQL (23505: constraint, message, detail) or SQLite
 * ("UNIQUE constraint failed: table.column").
 */
export function isUniqueViolation(error: unknown, needle: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string; detail?: string } | null;
  const unique = e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
  return unique && `${e?.constraint ?? ''} ${e?.message ?? ''} ${e?.detail ?? ''}`.includes(needle);
}
