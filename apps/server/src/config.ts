import { z } from 'zod';

const booleanish = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Environment variables (DESIGN.md section 11), parsed once at start and frozen. A bad value
 * stops the process with a message naming the variable.
 */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'must be sqlite:/path/file.db or postgres://...')
      .optional(),
    // PostgreSQL connections per process (SQLite has one writer and ignores it). A bench at 16 and
    // 64 bets in flight stays flat from about 16 connections on; more only queues in the server.
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2, 'must be at least 2').max(500).default(20),
    // Logs every SQL statement at debug level (LOG_LEVEL=debug): how many a request runs.
    DATABASE_LOG_STATEMENTS: booleanish.default(false),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/.+/, 'must be redis://...')
      .optional(),
    ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
    // Where players reach the site, for links and BR Codes. Unset: this server on localhost at the
    // port it listens on (publicUrl below). The server never calls itself through it.
    PUBLIC_URL: z.url('must be a URL such as https://casino.example').optional(),
    CASINO_CAPTCHA: z.enum(['enabled', 'disabled']).default('enabled'),
    PIX_PROVIDER: z.enum(['sandbox']).default('sandbox'),
    PIX_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    DEPOSIT_EXPIRY_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/.+/, 'must be smtp://user:pass@host:port')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Aurora Bet <no-reply@aurora.bet>'),
    // The operator's licence as the footer shows it (Lei 14.790/2023: the licence is displayed on
    // the site). Unset: the footer names none.
    LICENCE_NUMBER: z.string().trim().min(1).max(120).optional(),
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    SESSION_MAX_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(24),
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(10),
    // The back-office dashboard's service target of a withdrawal review: older requests raise an alert.
    WITHDRAWAL_REVIEW_TARGET_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(60),
    // Key of the operators' TOTP secrets at rest (AES-256-GCM): 32 random bytes as hex. Unset, the
    // secrets are stored as they are (they are never sent back after enrolment either way).
    TOTP_ENCRYPTION_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 random bytes: openssl rand -hex 32)')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO: booleanish.default(true),
    TRUST_PROXY: booleanish.default(false),
    // Shared-round house games (crash, double): whether this process runs their schedulers (one
    // leader per database on PostgreSQL), their timings, and the length of each results chain.
    SHARED_ROUNDS: z.enum(['on', 'off']).default('on'),
    CRASH_BETTING_MS: z.coerce.number().int().min(100).max(60_000).default(6_000),
    CRASH_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
    CRASH_TICK_MS: z.coerce.number().int().min(10).max(1_000).default(100),
    /** How fast the crash curve runs (1 in production; tests use more to reach multipliers quickly). */
    CRASH_SPEED: z.coerce.number().int().min(1).max(1_000).default(1),
    DOUBLE_BETTING_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    DOUBLE_SPIN_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    DOUBLE_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
    // The live tables (issue 14): RNG roulette and Bac Bo as shared rounds like double.
    LIVE_ROULETTE_BETTING_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
    LIVE_ROULETTE_SPIN_MS: z.coerce.number().int().min(0).max(60_000).default(6_000),
    LIVE_ROULETTE_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(4_000),
    LIVE_BACBO_BETTING_MS: z.coerce.number().int().min(100).max(60_000).default(12_000),
    LIVE_BACBO_ROLL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    LIVE_BACBO_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(4_000),
    // Bingo rooms (bingo-75, bingo-90; issue 14): the buying window, one ball every BINGO_BALL_MS,
    // the pause after the full house, and the most cards a member buys for one round.
    BINGO_BUY_MS: z.coerce.number().int().min(100).max(600_000).default(45_000),
    BINGO_BALL_MS: z.coerce.number().int().min(10).max(60_000).default(2_500),
    BINGO_PAUSE_MS: z.coerce.number().int().min(0).max(120_000).default(8_000),
    BINGO_MAX_CARDS: z.coerce.number().int().min(1).max(24).default(24),
    /** Whether this process runs the bingo rooms' draws (unset: as SHARED_ROUNDS); one leader per database. */
    BINGO_ROUNDS: z.enum(['on', 'off']).optional(),
    SHARED_CHAIN_LENGTH: z.coerce.number().int().min(10).max(10_000_000).default(10_000),
    // Where the salts of the crash and double chains come from: the public drand beacon
    // (League of Entropy, quicknet), or an offline sandbox for development that proves nothing.
    FAIRNESS_BEACON: z.enum(['sandbox', 'drand']).default('sandbox'),
    // Agency commissions: the São Paulo local time yesterday is settled at, and whether this process
    // runs the settlement scheduler (unset: on, except with NODE_ENV=test).
    AGENCY_SETTLE_AT: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (24-hour São Paulo time)')
      .default('00:10'),
    AGENCY_SCHEDULER: z.enum(['on', 'off']).optional(),
    // The virtual football league: whether this process runs it (one leader per database; unset:
    // on, except with NODE_ENV=test), the betting window before each round kicks off, the length
    // of a match minute (600 ms: 90 minutes in 54 s) and the matches per round (16 teams: at most 8).
    VIRTUAL_LEAGUE: z.enum(['on', 'off']).optional(),
    VIRTUAL_BETTING_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
    VIRTUAL_MINUTE_MS: z.coerce.number().int().min(1).max(60_000).default(600),
    VIRTUAL_MATCHES: z.coerce.number().int().min(1).max(8).default(8),
    // The sportsbook's fixtures job (the 14-day calendar of real competitions and their kick-offs):
    // whether this process runs it (unset: on, except with NODE_ENV=test).
    SPORTS_CALENDAR: z.enum(['on', 'off']).optional(),
    // The responsible-gaming job (features/central-exclusion): closures, balance returns and the
    // federal register's 15-day checks, on the leader (unset: on, except with NODE_ENV=test).
    CENTRAL_EXCLUSION_JOB: z.enum(['on', 'off']).optional(),
    // The community chat (features/chat): how many days messages are kept (the sweep deletes older
    // ones; CHAT_SWEEP: whether this process runs it, unset: on except with NODE_ENV=test) and how
    // many messages a member may send in 30 seconds.
    CHAT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    CHAT_SWEEP: z.enum(['on', 'off']).optional(),
    CHAT_RATE_LIMIT: z.coerce.number().int().min(1).max(100).default(5),
    // The chat rain (features/rain, README): each site's defaults until an operator saves the
    // rain settings in the back office (then the saved row applies). RAIN_JOB: whether this process
    // runs the rain job (one leader per database; unset: on, except with NODE_ENV=test).
    RAIN_JOB: z.enum(['on', 'off']).optional(),
    RAIN_ENABLED: booleanish.default(true),
    /** Between two rains (5 hours); rains fall at whole multiples of it since the epoch (UTC). Seconds only outside production (the e2e server). */
    RAIN_INTERVAL_MS: z.coerce
      .number()
      .int()
      .min(10_000)
      .max(7 * 86_400_000)
      .default(5 * 3_600_000),
    /** The pot in centavos (50.00). */
    RAIN_POT: z.coerce.number().int().min(1).max(10_000_000).default(5_000),
    /** Bets over the last 24 hours a member needs, in centavos (20.00; 0: none). */
    RAIN_MIN_WAGER: z.coerce.number().int().min(0).max(100_000_000).default(2_000),
    /** Minutes since the member's last chat message (60). */
    RAIN_CHAT_ACTIVE_MINUTES: z.coerce.number().int().min(1).max(1_440).default(60),
    /** claim: the eligible press "claim" in the window; auto: every eligible member is paid. */
    RAIN_CLAIM: z.enum(['claim', 'auto']).default('claim'),
    /** How long claims stay open (60 s). */
    RAIN_WINDOW_MS: z.coerce.number().int().min(10_000).max(3_600_000).default(60_000),
    /** How long before the rain the chat hears of it (60 s). */
    RAIN_ANNOUNCE_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
    /** The wagering each share adds to ml_money: share x this (1). */
    RAIN_WAGERING_MULTIPLE: z.coerce.number().int().min(0).max(100).default(1),
    /** On a regulated site (sites.regulated) the rain does not run (true) unless an operator allows it. */
    RAIN_OFF_WHEN_REGULATED: booleanish.default(true),
    // Identity checks (docs/IDENTITY.md): the provider (the sandbox decides by the CPF registry and
    // answers its signed webhook after KYC_SANDBOX_DELAY_MS), the webhook secret (unset: random per
    // start), and where documents are kept: a local folder, or an S3-compatible bucket.
    KYC_PROVIDER: z.enum(['sandbox']).default('sandbox'),
    KYC_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    KYC_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(3_000),
    KYC_STORAGE: z.enum(['local', 's3']).default('local'),
    KYC_STORAGE_DIR: z.string().min(1).default('./data/kyc'),
    KYC_S3_ENDPOINT: z.url('must be a URL such as https://s3.sa-east-1.amazonaws.com').optional(),
    KYC_S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lower-case letters, digits, dots, dashes)')
      .optional(),
    KYC_S3_REGION: z.string().min(1).default('us-east-1'),
    KYC_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    KYC_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    // Path-style addresses (endpoint/bucket/key) suit MinIO and most S3-compatible stores; false:
    // virtual-hosted (bucket.endpoint/key), as AWS prefers.
    KYC_S3_PATH_STYLE: booleanish.default(true),
  })
  .refine((env) => !(env.NODE_ENV === 'production' && env.CASINO_CAPTCHA === 'disabled'), {
    path: ['CASINO_CAPTCHA'],
    message: 'cannot be "disabled" when NODE_ENV=production',
  })
  .refine((env) => !(env.NODE_ENV === 'production' && env.FAIRNESS_BEACON === 'sandbox'), {
    path: ['FAIRNESS_BEACON'],
    message: 'must be "drand" when NODE_ENV=production (a sandbox salt comes from this server and proves nothing to players)',
  })
  .refine(
    (env) =>
      env.KYC_STORAGE !== 's3' ||
      Boolean(env.KYC_S3_ENDPOINT && env.KYC_S3_BUCKET && env.KYC_S3_ACCESS_KEY_ID && env.KYC_S3_SECRET_ACCESS_KEY),
    {
      path: ['KYC_STORAGE'],
      message: 'needs KYC_S3_ENDPOINT, KYC_S3_BUCKET, KYC_S3_ACCESS_KEY_ID and KYC_S3_SECRET_ACCESS_KEY when "s3"',
    },
  )
  .refine((env) => !(env.NODE_ENV === 'production' && env.RAIN_INTERVAL_MS < 300_000), {
    path: ['RAIN_INTERVAL_MS'],
    message: 'must be at least 300000 (5 minutes) when NODE_ENV=production',
  })
  .refine((env) => !(env.NODE_ENV === 'production' && env.CRASH_SPEED !== 1), {
    path: ['CRASH_SPEED'],
    message: 'must be 1 when NODE_ENV=production (the published crash curve)',
  });

export type Config = Readonly<z.infer<typeof envSchema>>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `  ${name}=${JSON.stringify(cleaned[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return Object.freeze(result.data);
}

/**
 * The address players reach the site at (links, BR Codes, the start banner), without a trailing
 * slash: PUBLIC_URL, or this server on localhost at the port it listens on (PORT, or with PORT=0
 * the port the system chose, known once listening).
 */
export function publicUrl(config: Config, listeningPort: number = config.PORT): string {
  return (config.PUBLIC_URL ?? `http://localhost:${listeningPort}`).replace(/\/+$/, '');
}

export function defaultDatabaseUrl(): string {
  return 'sqlite:./data/casino.db';
}
