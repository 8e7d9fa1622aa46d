import { centavos } from '@casino/shared/money';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createIsolatedDatabase } from '../test/test-app.ts';
import { cash, house } from '../platform/ledger/ledger.service.ts';
import { transfer } from '../platform/ledger/transfer.ts';

const ROOT = join(import.meta.dirname, '../../../..');
let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;

beforeAll(async () => {
  database = await createIsolatedDatabase();
});
afterAll(async () => {
  await database.cleanup();
});

function verify() {
  return spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/ledger-verify.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: database.url },
    encoding: 'utf8',
  });
}

describe('npm run ledger:verify', () => {
  it('exits 0 on sound books and 1 with the broken rows otherwise', async () => {
    const handle = openDatabase({ url: database.url });
    try {
      await migrateToLatest(handle.db, handle.dialect);
      const now = new Date().toISOString();
      const site = await handle.db
        .insertInto('sites')
        .values({
          name: 's',
          host: 'h',
          brand_name: 'b',
          default_lang: 'pt',
          support_url: 'u',
          logo_url: 'l',
          social_links: '[]',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const member = await handle.db
        .insertInto('members')
        .values({
          account: 'verify01',
          phone: '+5511900000001',
          password_hash: 'x',
          qk_pwd_hash: null,
          realname: 'Ana',
          nickname: null,
          email: null,
          qq: null,
          invite_code: 'VERIFY01',
          agent_id: null,
          top_id: null,
          site_id: site.id,
          lang: 'pt',
          register_ip: null,
          register_area: null,
          profile_url: null,
          frozen_reason: null,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await handle.db
        .insertInto('ledger_accounts')
        .values({ member_id: member.id, kind: 'cash', currency: 'BRL', created_at: now })
        .execute();
      await transfer(handle.db, {
        key: 'deposit:v1',
        code: 'deposit',
        lines: [
          { account: house('psp_clearing'), amountCentavos: centavos(-5_000) },
          { account: cash(member.id), amountCentavos: centavos(5_000) },
        ],
      });

      const sound = verify();
      expect(sound.status, sound.stderr).toBe(0);
      expect(sound.stdout).toMatch(/ledger ok/);

      await handle.db.updateTable('ledger_accounts').set({ balance_centavos: 7_777 }).where('member_id', '=', member.id).execute();
      const broken = verify();
      expect(broken.status).toBe(1);
      expect(broken.stderr).toContain("BROKEN: each member account's balance equals the sum of its entries");
      expect(broken.stderr).toContain('7777');
    } finally {
      await handle.close();
    }
  }, 60_000);
});
