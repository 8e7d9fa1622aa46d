import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import { centavos } from '@casino/shared/money';
import { sql } from 'kysely';
import { house, moved } from '../platform/ledger/ledger.service.ts';
import { postTransfer } from '../platform/ledger/post-transfer.ts';
import { PREPARED_LIST_LENGTH } from './database.ts';
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

describe('prepared statements on PostgreSQL', () => {
  it('keep a precompiled statement and the ledger’s prepared on the connection, and nothing else', async () => {
    const t = await createTestApp();
    // SQLite prepares every statement in its connection's cache: there the answers are checked alone.
    const postgres = t.ctx.dialect === 'postgres';
    try {
      const now = new Date().toISOString();
      const find = precompiled<{ kind: string }, { id: number }>((db, p) =>
        db.selectFrom('ledger_accounts').select('id').where('kind', '=', p.kind).where('member_id', 'is', null),
      );
      const findList = precompiledForList((db, kinds: readonly string[]) =>
        db.selectFrom('ledger_accounts').select('id').where('kind', 'in', kinds),
      );
      const tooLong = Array.from({ length: PREPARED_LIST_LENGTH + 1 }, (_, i) => `long:${i}`);
      const prepared = await t.ctx.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('ledger_accounts')
          .values({ member_id: null, kind: 'game_house:prep:a', currency: 'BRL', created_at: now })
          .execute();
        // The same connection (the transaction's): the second call runs what the first prepared.
        for (const kind of ['game_house:prep:a', 'game_house:prep:b']) await find(trx, { kind });
        expect((await find(trx, { kind: 'game_house:prep:a' })).rows).toHaveLength(1);
        await findList(trx, ['game_house:prep:a', 'game_house:prep:b'], {});
        await findList(trx, tooLong, {});
        await postTransfer(trx, {
          key: 'prep:1',
          code: 'adjustment',
          lines: moved(house('game_house:prep:a'), house('game_house:prep:b'), centavos(100)),
        });
        // The transfer opened the second house account; both statements answer as unprepared ones would.
        expect((await find(trx, { kind: 'game_house:prep:b' })).rows).toHaveLength(1);
        expect((await findList(trx, ['game_house:prep:a', 'game_house:prep:b', 'game_house:prep:c'], {})).rows).toHaveLength(2);
        if (!postgres) return [];
        const rows = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(trx);
        return rows.rows;
      });
      if (!postgres) return;
      const texts = prepared.map((row) => row.statement);
      expect(texts).toContain('select "id" from "ledger_accounts" where "kind" = $1 and "member_id" is null');
      expect(texts).toContain('select "id" from "ledger_accounts" where "kind" in ($1, $2)');
      expect(texts.filter((text) => text.startsWith('select "id" from "ledger_accounts" where "kind" in ($1, $2, $3, $4'))).toEqual([]);
      expect(texts.some((text) => text.includes('ledger_post('))).toBe(true);
      // The builder's own statements (the insert above) and lists past the bound stay unnamed.
      expect(texts.some((text) => text.startsWith('insert into "ledger_accounts"'))).toBe(false);
      for (const row of prepared) expect(row.name).toMatch(/^hot_\d+$/);
    } finally {
      await t.close();
    }
  });
});
