import { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import { type Config, defaultDatabaseUrl, publicUrl } from './config.ts';
import type { AppContext } from './context.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedSite } from './db/seed.ts';
import { ensureAdminOperator } from './features/admin/operators.service.ts';
import { seedGameCatalogue } from './features/games/games.seed.ts';
import { fixturesJobEnabled, startFixturesJob } from './features/sports/fixtures-job.ts';
import { seedSportsCatalogue } from './features/sports/sports.seed.ts';
import { seedActivities } from './features/promotions/activities.service.ts';
import { seedRebateRates } from './features/rebates/rebates.service.ts';
import { startVipRebatesJob } from './features/rebates/vip-rebates.job.ts';
import { refreshVip, seedVipLevels } from './features/vip/vip.service.ts';
import { seedAgencyRates } from './features/agency/agency-admin.service.ts';
import { linkToTree } from './features/agency/agency-tree.ts';
import { agencySchedulerEnabled, startAgencyScheduler } from './features/agency/agency-scheduler.ts';
import { centralExclusionJobEnabled, startCentralExclusionJob } from './features/central-exclusion/central-exclusion.job.ts';
import { createSandboxCentralRegister } from './features/central-exclusion/sandbox-register.ts';
import { randomBytes } from 'node:crypto';
import { createSandboxPsp } from './features/payments/sandbox-psp.ts';
import { createRealtime, type Realtime } from './platform/realtime/realtime.ts';
import { createMailer } from './features/security/mailer.ts';
import { createSandboxCpfRegistry } from './features/kyc/cpf-registry.ts';
import { createFileStorage } from './features/kyc/file-storage.ts';
import { createSandboxKyc } from './features/kyc/sandbox-kyc.ts';
import { startHouseRounds } from './features/house-games/shared/house-rounds.ts';
import { rainJobEnabled, startRainJob } from './features/rain/rain.job.ts';
import { chatHubFromConfig } from './features/chat/chat-hub.ts';
import { chatSweepEnabled, startChatSweep } from './features/chat/chat.service.ts';
import { startVirtualLeague, virtualLeagueEnabled } from './features/sports/virtual/virtual-league.ts';
import { type Counter, MemoryCounter, RedisCounter } from './lib/rate-limiter.ts';

export function createLogger(config: Config): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', '*.password', '*.qk_pwd', '*.token'],
  });
}

export interface Runtime {
  ctx: AppContext;
  handle: DatabaseHandle;
  /** Records the port the HTTP server listens on, which the default public address follows. */
  listening(port: number): void;
  close(): Promise<void>;
}

/** Opens the database, migrates it, seeds the first site and operator, and builds the context. */
export async function startRuntime(
  config: Config,
  log: Logger,
  overrides: { databaseUrl?: string; schema?: string; onStatement?: (sql: string) => void } = {},
): Promise<Runtime> {
  const onStatement =
    overrides.onStatement ?? (config.DATABASE_LOG_STATEMENTS ? (statement: string) => log.debug({ sql: statement }, 'sql') : undefined);
  const handle = openDatabase({
    url: overrides.databaseUrl ?? config.DATABASE_URL ?? defaultDatabaseUrl(),
    schema: overrides.schema,
    poolSize: config.DATABASE_POOL_SIZE,
    onStatement,
  });
  const applied = await migrateToLatest(handle.db, handle.dialect, overrides.schema);
  if (applied.length > 0) log.info({ applied }, 'migrations applied');
  await seedSite(handle.db);
  await seedGameCatalogue(handle.db);
  await seedActivities(handle.db);
  await seedVipLevels(handle.db);
  await seedRebateRates(handle.db);
  await seedAgencyRates(handle.db);
  await seedSportsCatalogue(handle.db);
  await ensureAdminOperator(handle.db, config.ADMIN_PASSWORD, (line) => log.warn(line));

  let redis: Redis | undefined;
  let counters: Counter = new MemoryCounter();
  let realtime: Realtime = createRealtime();
  if (config.REDIS_URL) {
    redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    counters = new RedisCounter(redis);
    // A subscribed connection can do nothing else: pub/sub gets two of its own.
    const publisher = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
    const subscriber = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
    realtime = createRealtime({ publisher, subscriber });
  }
  // Without PUBLIC_URL, links and BR Codes name the port this process really listens on.
  let listeningPort = config.PORT;
  const sitePublicUrl = () => publicUrl(config, listeningPort);
  // Identity checks: the sandbox CPF registry and KYC provider (docs/IDENTITY.md), and where documents go.
  const cpfRegistry = createSandboxCpfRegistry(handle.db);
  const kycWebhookSecret = config.KYC_WEBHOOK_SECRET ?? randomBytes(32).toString('hex');
  const kyc = createSandboxKyc({ registry: cpfRegistry, secret: kycWebhookSecret, delayMs: config.KYC_SANDBOX_DELAY_MS, log });
  const base: Omit<AppContext, 'houseRounds'> = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    counters,
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log }),
    realtime,
    psp: createSandboxPsp({ publicUrl: sitePublicUrl, merchantName: 'Aurora Bet', merchantCity: 'SAO PAULO' }),
    publicUrl: sitePublicUrl,
    webhookSecret: config.PIX_WEBHOOK_SECRET ?? randomBytes(32).toString('hex'),
    log,
    memberHooks: { joinedUnder: linkToTree, refreshLevel: (ctx, memberId) => refreshVip(ctx, memberId) },
    centralExclusion: createSandboxCentralRegister(handle.db),
    cpfRegistry,
    kyc,
    kycWebhookSecret,
    fileStorage: createFileStorage(config),
    // The chat's fan-out (through Redis with REDIS_URL), also heard by the rain.
    chatHub: chatHubFromConfig(config),
  };
  // Crash and double: feeds on every process, schedulers on the leader (stopped first on close).
  const houseRounds = await startHouseRounds(base, config);
  const ctx: AppContext = { ...base, houseRounds };
  // VIP climbs and rebate accrual from play, every minute. Tests run passes by hand
  // (runVipRebatesPass), so that amounts other tests assert do not move under them.
  const vipRebatesJob = config.NODE_ENV === 'test' ? undefined : startVipRebatesJob(ctx);
  // Agency commissions: the daily settlement (and catching up on missed days) without an operator.
  const agencyScheduler = agencySchedulerEnabled(config) ? startAgencyScheduler(ctx, config.AGENCY_SETTLE_AT) : undefined;
  // The virtual football league: rounds back to back on the leader (its own lock), settled at full time.
  const virtualLeague = virtualLeagueEnabled(config) ? startVirtualLeague(ctx, config) : undefined;
  // Sportsbook calendar (14 days ahead, priced) and kick-offs. Tests run passes by hand (runFixturesPass).
  const fixturesJob = fixturesJobEnabled(config) ? startFixturesJob(ctx) : undefined;
  // Closures, balance returns and the federal register's 15-day checks, on the leader. Tests run passes by hand.
  const centralExclusionJob = centralExclusionJobEnabled(config) ? startCentralExclusionJob(ctx) : undefined;
  // The chat rain: announces, opens and pays each site's rains, on the leader. Tests run passes by hand.
  const rainJob = rainJobEnabled(config) ? startRainJob(ctx) : undefined;
  // The chat's retention sweep (CHAT_RETENTION_DAYS), hourly. Tests run sweeps by hand.
  const chatSweep = chatSweepEnabled(config) ? startChatSweep(ctx) : undefined;
  return {
    ctx,
    handle,
    listening(port) {
      listeningPort = port;
    },
    async close() {
      await vipRebatesJob?.close();
      await agencyScheduler?.close();
      await virtualLeague?.close();
      await fixturesJob?.close();
      await centralExclusionJob?.close();
      await rainJob?.close();
      chatSweep?.close();
      await houseRounds.close();
      kyc.close();
      await realtime.close();
      await ctx.chatHub.close();
      await handle.close();
      if (redis) await redis.quit();
    },
  };
}
