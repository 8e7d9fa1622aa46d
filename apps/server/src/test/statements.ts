import { expect } from 'vitest';
import { type Database, isSqlite } from '../db/database.ts';

/**
 * Statements counted per bet (issue 13: at most 8, the ledger included), on the database's own
 * hook: `createTestApp(env, { onStatement: recorder.hook })`, then `recorder.during(work)`.
 */
export class StatementRecorder {
  private recording: string[] | null = null;
  readonly hook = (sql: string) => {
    this.recording?.push(sql.trim());
  };

  /** The statements the database ran while `work` ran. */
  async during<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    const statements: string[] = [];
    this.recording = statements;
    try {
      return { result: await work(), statements };
    } finally {
      this.recording = null;
    }
  }
}

/**
 * The statements of one bet's unit of work: its savepoint (SQLite, where bets share a group
 * commit) or its transaction (PostgreSQL), the transaction control included.
 */
export function unitOf(db: Database, statements: string[]): string[] {
  const [open, close] = isSqlite(db) ? [/^savepoint unit/i, /^release unit/i] : [/^begin/i, /^commit/i];
  const from = statements.findIndex((s) => open.test(s));
  const to = statements.findIndex((s, i) => i > from && close.test(s));
  expect(from).toBeGreaterThanOrEqual(0);
  expect(to).toBeGreaterThan(from);
  return statements.slice(from, to + 1);
}

/**
 * Without the published terms versions' reload: they are read again every 30 s
 * (terms-standing.ts), in whichever bet comes then, not by every bet.
 */
export function withoutTermsReload(statements: string[]): string[] {
  return statements.filter((s) => !/from "legal_documents"/.test(s));
}

/** A unit's own statements: without its transaction control (savepoint and release, begin and commit) and the terms reload. */
export function workOf(unit: string[]): string[] {
  return withoutTermsReload(unit).filter((s) => !/^(savepoint|release|begin|commit)\b/i.test(s));
}
