import { type Expression, sql } from 'kysely';
import { SAO_PAULO_TIME_ZONE } from '../lib/sao-paulo.ts';
import type { Dialect } from './database.ts';

/** The São Paulo day (YYYY-MM-DD) of a timestamp column, in the dialect's own words (reports group by it). */
export function saoPauloDayOf(dialect: Dialect, column: Expression<unknown>) {
  return dialect === 'postgres'
    ? sql<string>`to_char(${column} at time zone ${sql.lit(SAO_PAULO_TIME_ZONE)}, 'YYYY-MM-DD')`
    : // SQLite stores ISO strings; São Paulo is UTC-3 all year (lib/sao-paulo.ts).
      sql<string>`date(${column}, '-3 hours')`;
}

/** A SQL sum answers a string on PostgreSQL (numeric) and null over no rows: both become integers. */
export const sumToInt = (value: unknown) => Number(value ?? 0);
