import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Dialect } from './database.ts';
import * as m0001 from './migrations/0001-foundation.ts';
import * as m0002 from './migrations/0002-ledger.ts';
import * as m0003 from './migrations/0003-payments.ts';
import * as m0004 from './migrations/0004-games.ts';
import * as m0005 from './migrations/0005-shared-rounds.ts';
import * as m0006 from './migrations/0006-round-indexes.ts';
import * as m0007 from './migrations/0007-promotions.ts';
import * as m0008 from './migrations/0008-sportsbook.ts';
import * as m0009AgencyBind from './migrations/0009-agency-bind-requests.ts';
import * as m0010OperatorSecondFactor from './migrations/0010-operator-second-factor.ts';
import * as m0011FairnessBeacon from './migrations/0011-fairness-beacon.ts';
import * as m0012OneBonusPerDeposit from './migrations/0012-one-bonus-per-deposit.ts';
import * as m0013WithdrawalRequestKeys from './migrations/0013-withdrawal-request-keys.ts';
import * as m0014ResponsibleGaming from './migrations/0014-responsible-gaming.ts';
import * as m0015Kyc from './migrations/0015-kyc.ts';
import * as m0016CentralExclusion from './migrations/0016-central-exclusion.ts';
import * as m0017RegulatedIdentity from './migrations/0017-regulated-identity.ts';
import * as m0018RunningTotals from './migrations/0018-running-totals.ts';
import * as m0019LedgerPostFunction from './migrations/0019-ledger-post-function.ts';
import * as m0020Bingo from './migrations/0020-bingo.ts';
import * as m0021Chat from './migrations/0021-chat.ts';
import * as m0022Rain from './migrations/0022-rain.ts';
import * as m0023TermsPopups from './migrations/0023-terms-popups.ts';
import * as m0024SupportChat from './migrations/0024-support-chat.ts';
import * as m0025HotPathFixes from './migrations/0025-hot-path-fixes.ts';
import * as m0026InstantRoundCounts from './migrations/0026-instant-round-counts.ts';
import * as m0027StakeUsageOnInsert from './migrations/0027-stake-usage-on-insert.ts';

type DialectMigration = { up(db: Kysely<any>, dialect: Dialect): Promise<void> };

const MIGRATIONS: Record<string, DialectMigration> = {
  '0001-foundation': m0001,
  '0002-ledger': m0002,
  '0003-payments': m0003,
  '0004-games': m0004,
  '0005-shared-rounds': m0005,
  '0006-round-indexes': m0006,
  '0007-promotions': m0007,
  '0008-sportsbook': m0008,
  '0009-agency-bind-requests': m0009AgencyBind,
  '0010-operator-second-factor': m0010OperatorSecondFactor,
  '0011-fairness-beacon': m0011FairnessBeacon,
  '0012-one-bonus-per-deposit': m0012OneBonusPerDeposit,
  '0013-withdrawal-request-keys': m0013WithdrawalRequestKeys,
  '0014-responsible-gaming': m0014ResponsibleGaming,
  '0015-kyc': m0015Kyc,
  '0016-central-exclusion': m0016CentralExclusion,
  '0017-regulated-identity': m0017RegulatedIdentity,
  '0018-running-totals': m0018RunningTotals,
  '0019-ledger-post-function': m0019LedgerPostFunction,
  '0020-bingo': m0020Bingo,
  '0021-chat': m0021Chat,
  '0022-rain': m0022Rain,
  '0023-terms-popups': m0023TermsPopups,
  '0024-support-chat': m0024SupportChat,
  '0025-hot-path-fixes': m0025HotPathFixes,
  '0026-instant-round-counts': m0026InstantRoundCounts,
  '0027-stake-usage-on-insert': m0027StakeUsageOnInsert,
};

class DialectMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(Object.entries(MIGRATIONS).map(([name, m]) => [name, { up: (db: Kysely<any>) => m.up(db, this.dialect) }]));
  }
}

/** Brings the schema up to date; run at every start and by `npm run migrate`. */
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: new DialectMigrationProvider(dialect),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
