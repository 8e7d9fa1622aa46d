import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import { precompiled, precompiledForList } from './precompiled.ts';

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

  it('compile a list statement once per length, binding the items and the other values', async () => {
    const statements: string[] = [];
    const t = await createTestApp({}, { onStatement: (s) => statements.push(s) });
    try {
      const now = new Date().toISOString();
      for (const kind of ['list:a', 'list:b', 'list:c']) {
        await t.ctx.db.insertInto('ledger_accounts').values({ member_id: null, kind, currency: 'BRL', created_at: now }).execute();
      }
      const find = precompiledForList((db, kinds: readonly string[], p: { currency: string }) =>
        db.selectFrom('ledger_accounts').select('kind').where('kind', 'in', kinds).where('currency', '=', p.currency).orderBy('kind'),
      );
      const kindsOf = async (kinds: string[], currency = 'BRL') => (await find(t.ctx.db, kinds, { currency })).rows.map((r) => r.kind);
      expect(await kindsOf(['list:a'])).toEqual(['list:a']);
      expect(await kindsOf(['list:c'])).toEqual(['list:c']);
      expect(await kindsOf(['list:a', 'list:b'])).toEqual(['list:a', 'list:b']);
      expect(await kindsOf(['list:c', 'list:b'])).toEqual(['list:b', 'list:c']);
      expect(await kindsOf(['list:a', 'list:x', 'list:c'])).toEqual(['list:a', 'list:c']);
      expect(await kindsOf(['list:a', 'list:b'], 'USD')).toEqual([]);
      // One SQL text per length, none holding a value.
      const finds = statements.filter((s) => s.startsWith('select "kind" from "ledger_accounts"'));
      expect(new Set(finds).size).toBe(3);
      for (const text of finds) expect(text).not.toContain('list:');
    } finally {
      await t.close();
    }
  });
});
