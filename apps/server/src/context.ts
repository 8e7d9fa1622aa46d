import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Dialect } from './db/database.ts';
import type { Counter } from './lib/rate-limiter.ts';
import type { PaymentProvider } from './features/payments/psp.ts';
import type { Realtime } from './platform/realtime/realtime.ts';
import type { HouseRounds } from './features/house-games/shared/house-rounds.ts';
import type { Mailer } from './features/security/mailer.ts';

/** What services need, built once at start and passed explicitly (no globals). */
export interface AppContext {
  config: Config;
  db: Database;
  dialect: Dialect;
  counters: Counter;
  mailer: Mailer;
  realtime: Realtime;
  psp: PaymentProvider;
  /** The address players reach the site at (links, BR Codes): PUBLIC_URL, or localhost at the port this process listens on. */
  publicUrl(): string;
  /** Secret of the sandbox PSP's webhook signatures. */
  webhookSecret: string;
  log: FastifyBaseLogger;
  /** The shared-round house games (crash, double): their feeds and, on the leader, schedulers. */
  houseRounds: HouseRounds;
}
