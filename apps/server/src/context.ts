import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Dialect } from './db/database.ts';
import type { Counter } from './lib/rate-limiter.ts';
import type { SelfCall } from './lib/self-call.ts';
import type {
  CrashState,
  crashBetAnswerSchema,
  crashCashoutAnswerSchema,
  DoubleColor,
  DoubleState,
  doubleBetAnswerSchema,
  HouseServerMessage,
} from '@casino/shared/schemas/house-games';
import type {
  LiveBacboSide,
  LiveBacboState,
  LiveRouletteState,
  liveBacboBetAnswerSchema,
  liveRouletteBetAnswerSchema,
} from '@casino/shared/schemas/house-live-tables';
import type { ChatServerMessage } from '@casino/shared/schemas/chat';
import type { z } from 'zod';
import type { Realtime } from './platform/realtime/realtime.ts';

/*
 * The context sits under every feature, so it names no feature: the ports it carries are declared
 * here, as narrow as their callers need, and bootstrap.ts wires the implementations (the sandbox
 * PSP, the mailer, the shared-round games of features/house-games/shared).
 */

/**
 * A payment service provider adapter (DESIGN.md section 6). The sandbox is the default; a real
 * PSP is one more implementation of this interface.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Opens a PIX charge for a deposit order: the BR Code the player pays. */
  createCharge(order: {
    orderNo: string;
    amountCentavos: number;
    expiresAt: Date;
  }): Promise<{ txid: string; brCode: string; payPageUrl: string | null }>;
  /** Pays a withdrawal to a PIX key; `reference` identifies the payment at the provider. */
  payout(withdrawal: {
    orderNo: string;
    amountCentavos: number;
    keyType: string;
    pixKey: string;
    holderName: string;
    /**
     * The CPF the key's holder must have (the member's own): the PSP checks it against the key's
     * owner in the DICT and refuses the payout when they differ.
     */
    holderCpf?: string | null | undefined;
  }): Promise<{ ok: true; reference: string } | { ok: false; reason: string }>;
  /**
   * Returns a received PIX payment to its payer (Banco Central's devolução, MED-free: the
   * receiver's own initiative), e.g. one paid from a CPF that is not the member's. `refundId` is
   * ours and idempotent at the provider: the same id twice returns one payment once.
   */
  refund(payment: {
    endToEndId: string;
    refundId: string;
    amountCentavos: number;
    reason: string;
  }): Promise<{ ok: true; reference: string } | { ok: false; reason: string }>;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Every email is written to the outbox first; with SMTP_URL it is also sent and marked sent (or
 * its error kept). Without SMTP the outbox is the delivery, and the back office shows it.
 */
export interface Mailer {
  send(db: Database, mail: Mail): Promise<void>;
}

/** A player as the shared rounds name it. */
export interface RoundPlayer {
  id: number;
  account: string;
}

/** A websocket as a round feed writes to it (the ws library's socket is one). */
export interface RoundSocket {
  readonly readyState: number;
  readonly OPEN: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** The sockets of one shared-round game on this process. */
export interface RoundFeed {
  /** False when the process holds as many sockets as it may. */
  add(socket: RoundSocket): boolean;
  remove(socket: RoundSocket): void;
  send(socket: RoundSocket, message: HouseServerMessage): void;
}

/** The crash game's shared rounds, as routes and sockets use them. */
export interface CrashRounds {
  readonly feed: RoundFeed;
  /** How late each tick fired (ms), for the benchmark. */
  readonly tickLatenessMs: readonly number[];
  state(memberId?: number): Promise<CrashState>;
  bet(
    member: RoundPlayer,
    input: { amount: number; auto_cashout?: number | null | undefined },
  ): Promise<z.infer<typeof crashBetAnswerSchema>>;
  cashOut(member: RoundPlayer, receivedAt: number, roundId?: number): Promise<z.infer<typeof crashCashoutAnswerSchema>>;
  /** The leader's loop, until the signal aborts (tests drive it by hand). */
  lead(signal: AbortSignal): Promise<void>;
}

/** The double game's shared rounds, as routes and sockets use them. */
export interface DoubleRounds {
  readonly feed: RoundFeed;
  state(memberId?: number): Promise<DoubleState>;
  bet(member: RoundPlayer, input: { amount: number; color: DoubleColor }): Promise<z.infer<typeof doubleBetAnswerSchema>>;
  /** The leader's loop, until the signal aborts (tests drive it by hand). */
  lead(signal: AbortSignal): Promise<void>;
}

/** Live roulette's shared rounds: several chips per bet (the roulette body's chips, amounts in centavos). */
export interface LiveRouletteRounds {
  readonly feed: RoundFeed;
  state(memberId?: number): Promise<LiveRouletteState>;
  bet(
    member: RoundPlayer,
    chips: { type: string; numbers?: number[] | undefined; index?: number | undefined; amount: number }[],
  ): Promise<z.infer<typeof liveRouletteBetAnswerSchema>>;
  lead(signal: AbortSignal): Promise<void>;
}

/** Live Bac Bo's shared rounds. */
export interface LiveBacboRounds {
  readonly feed: RoundFeed;
  state(memberId?: number): Promise<LiveBacboState>;
  bet(member: RoundPlayer, input: { amount: number; side: LiveBacboSide }): Promise<z.infer<typeof liveBacboBetAnswerSchema>>;
  lead(signal: AbortSignal): Promise<void>;
}

/** The shared-round house games: their feeds and, on the leader, schedulers. */
export interface HouseRounds {
  readonly crash: CrashRounds;
  readonly double: DoubleRounds;
  /** The live tables (issue 14): RNG roulette and Bac Bo. */
  readonly liveRoulette: LiveRouletteRounds;
  readonly liveBacbo: LiveBacboRounds;
  /** Whether this process currently runs the schedulers. */
  readonly leading: boolean;
  close(): Promise<void>;
}

/**
 * What registration and the member's own page ask of features above auth (the agency's invitation
 * tree, VIP levels), wired by bootstrap.ts so that auth imports neither.
 */
export interface MemberHooks {
  /** Places a new member under its inviter, inside the registration's transaction. */
  joinedUnder(trx: Database, memberId: number, inviterId: number): Promise<void>;
  /** Brings the member's VIP level up to date (its reward paid); true when it rose. */
  refreshLevel(ctx: AppContext, memberId: number): Promise<boolean>;
}

/** What a CPF registry knows of a person: the name and birth date (YYYY-MM-DD) recorded for the CPF. */
export interface CpfRecord {
  fullName: string;
  birthDate: string;
}

/**
 * The CPF registry (Receita Federal's data, through a licensed bureau in production). Consulted by
 * the identity check and by registration on the regulated profile. The sandbox reads the table
 * operators keep in the back office (features/kyc/cpf-registry.ts); a real bureau is one more
 * implementation.
 */
export interface CpfRegistry {
  readonly name: string;
  /** `cpf` is eleven digits; null when the registry has no such CPF. */
  lookup(cpf: string): Promise<CpfRecord | null>;
}

/** One identity check, as the KYC provider receives it. */
export interface KycCase {
  /** Ours, unique: the provider's decision names it (kyc_submissions.provider_ref). */
  reference: string;
  memberId: number;
  fullName: string;
  /** Eleven digits, or null when the member has none yet. */
  cpf: string | null;
  /** YYYY-MM-DD, as the member gave it. */
  birthDate: string | null;
  /** Storage keys of the documents (front, back, selfie). */
  documents: ReadonlyArray<{ side: string; storageKey: string; mime: string }>;
}

/**
 * An identity-check provider (docs/IDENTITY.md). `submit` hands a case over; the decision comes
 * later to this server's webhook, signed. The sandbox decides by documented rules against the CPF
 * registry; a real provider is one more implementation.
 */
export interface KycProvider {
  readonly name: string;
  submit(kycCase: KycCase): Promise<void>;
  /**
   * How a provider that lives in this process reaches the webhook: the routes give it this server's
   * own address (lib/self-call.ts). A provider on the internet calls the public address instead and
   * has no use for it.
   */
  connect?(call: SelfCall): void;
}

/** Where identity documents are kept: a local folder, or an S3-compatible bucket (features/kyc/file-storage.ts). */
export interface FileStorage {
  readonly name: string;
  put(key: string, bytes: Uint8Array, mime: string): Promise<void>;
  /** Null when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array | null>;
  remove(key: string): Promise<void>;
}

/** The federal register's answer for a CPF: "Impedido – Autoexclusão Centralizada" or "Não Impedido". */
export type CentralExclusionAnswer = 'impedido' | 'nao_impedido';

/**
 * The federal self-exclusion register (SIGAP, run for the SPA), consulted at registration, at the
 * first login of each São Paulo day and every 15 days (features/central-exclusion). The sandbox
 * reads the list operators keep in the back office; a real SIGAP client is one more
 * implementation. `check` throws when the register cannot answer (the check is logged as an error).
 */
export interface CentralExclusionRegistry {
  readonly name: string;
  /** `cpf` is eleven digits. */
  check(cpf: string): Promise<CentralExclusionAnswer>;
}

/**
 * The community chat's fan-out (features/chat/chat-hub.ts): `broadcast` reaches the chat sockets of
 * one room ('*': every room) on every server process, through Redis when REDIS_URL is set.
 */
export interface ChatHub {
  broadcast(room: string, message: ChatServerMessage): void;
  /** Hears the room's messages and those sent to every room ('*'); returns the unsubscribe. */
  subscribe(room: string, listener: (message: ChatServerMessage) => void): () => void;
  /** Resolves once this process hears the shared channel (Redis subscription made). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

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
  memberHooks: MemberHooks;
  /** The federal self-exclusion register (the sandbox list by default). */
  centralExclusion: CentralExclusionRegistry;
  /** The CPF registry (the sandbox table by default). */
  cpfRegistry: CpfRegistry;
  /** The identity-check provider (the sandbox by default). */
  kyc: KycProvider;
  /** Secret of the KYC provider's webhook signatures. */
  kycWebhookSecret: string;
  /** Where identity documents are kept. */
  fileStorage: FileStorage;
  /** The community chat's fan-out to the sockets of every process (features/chat). */
  chatHub: ChatHub;
}
