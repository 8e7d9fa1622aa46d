import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import { precompiled } from './precompiled.ts';

describe('precompiled statements', () => {
  it('compile once and bind each call’s values, on the statement the builder would have written', async () => {
    const statements: string[] = [];
    const t = await createTestApp({}, { onStatement: (s) => statements.push(s) });
    const handle = t.ctx;
    try {
      const now = new Date().toISOString();
      const insert = precompiled<{ kind: string; now: string }, { id: number }>((db, p) =>
        db.insertInto('ledger_accounts').values({ member_id: null, kind: p.kind, currency: 'BRL', created_at: p.now }).returning('id'),
      );
      const find = precompiled<{ kind: string }, { id: number; kind: string }>((db, p) =>
        db.selectFrom('ledger_accounts').select(['id', 'kind']).where('kind', '=', p.kind).where('currency', '=', 'BRL'),
      );
      const a = (await insert(handle.db, { kind: 'bench:a', now })).rows[0]!.id;
      const b = (await insert(handle.db, { kind: 'bench:b', now })).rows[0]!.id;
      expect(a).not.toBe(b);
      expect((await find(handle.db, { kind: 'bench:b' })).rows).toEqual([{ id: b, kind: 'bench:b' }]);
      expect((await find(handle.db, { kind: 'bench:a' })).rows).toEqual([{ id: a, kind: 'bench:a' }]);
      expect((await find(handle.db, { kind: 'nothing' })).rows).toEqual([]);
      // The same SQL text each time, the values bound apart from it.
      const finds = statements.filter((s) => s.startsWith('select "id", "kind"'));
      expect(new Set(finds).size).toBe(1);
      expect(finds[0]).not.toContain('bench');
    } finally {
      await t.close();
    }
  });
});
