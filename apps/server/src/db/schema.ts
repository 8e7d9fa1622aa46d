import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** ISO-8601 UTC text in SQLite, timestamptz in PostgreSQL; always an ISO string in TypeScript. */
export type Timestamp = string;
type Id = Generated<number>;

export interface SitesTable {
  id: Id;
  name: string;
  host: string;
  brand_name: string;
  default_lang: string;
  support_url: string;
  logo_url: string;
  /** JSON array of { name, url, icon }. */
  social_links: string;
  /** 1: the regulated profile (Lei 14.790/2023) refuses deposit-linked rewards. */
  regulated: ColumnType<number, number | undefined, number>;
  /** 1: one deposit may fund several deposit bonuses; 0 (the default): one bonus per deposit. */
  bonus_stacking: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MembersTable {
  id: Id;
  account: string;
  phone: string;
  password_hash: string;
  qk_pwd_hash: string | null;
  realname: string;
  nickname: string | null;
  email: string | null;
  qq: string | null;
  gender: ColumnType<number, number | undefined, number>;
  invite_code: string;
  agent_id: number | null;
  top_id: number | null;
  site_id: number;
  status: ColumnType<number, number | undefined, number>;
  is_tips_on: ColumnType<number, number | undefined, number>;
  is_in_on: ColumnType<number, number | undefined, number>;
  is_trans_on: ColumnType<number, number | undefined, number>;
  is_demo: ColumnType<number, number | undefined, number>;
  is_ms_reg: ColumnType<number, number | undefined, number>;
  /** 'account' (name + password), 'phone' or 'social': the last two set passwords via support. */
  register_type: ColumnType<string, string | undefined, string>;
  lang: string;
  register_ip: string | null;
  register_area: string | null;
  score: ColumnType<number, number | undefined, number>;
  level: ColumnType<number, number | undefined, number>;
  slot_level: ColumnType<number, number | undefined, number>;
  live_level: ColumnType<number, number | undefined, number>;
  total_credit_centavos: ColumnType<number, number | undefined, number>;
  used_credit_centavos: ColumnType<number, number | undefined, number>;
  wagering_required_centavos: ColumnType<number, number | undefined, number>;
  total_bet_centavos: ColumnType<number, number | undefined, number>;
  total_slot_bet_centavos: ColumnType<number, number | undefined, number>;
  total_live_bet_centavos: ColumnType<number, number | undefined, number>;
  /** Lifetime credited recharge (VIP progress). */
  total_recharge_centavos: ColumnType<number, number | undefined, number>;
  profile_url: string | null;
  frozen_reason: string | null;
  /** Recorded with the first PIX key, then fixed (support changes it). */
  cpf: ColumnType<string | null, string | null | undefined, string | null>;
  /** Identity check (migration 0015): none, pending, approved or rejected. */
  kyc_status: ColumnType<string, string | undefined, string>;
  /** Why the last check was rejected: a rule's code or the operator's words. */
  kyc_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Registration data of the regulated profile (migration 0017): YYYY-MM-DD. */
  birth_date: ColumnType<string | null, string | null | undefined, string | null>;
  address_street: ColumnType<string | null, string | null | undefined, string | null>;
  address_number: ColumnType<string | null, string | null | undefined, string | null>;
  address_complement: ColumnType<string | null, string | null | undefined, string | null>;
  address_district: ColumnType<string | null, string | null | undefined, string | null>;
  address_city: ColumnType<string | null, string | null | undefined, string | null>;
  /** The UF: two capital letters. */
  address_state: ColumnType<string | null, string | null | undefined, string | null>;
  /** The CEP: eight digits. */
  address_postal_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the member's data became complete for the regulated profile; null while something is missing. */
  regulated_profile_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** The terms version the member accepted last (migration 0023); null before any. */
  terms_version: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface LedgerAccountsTable {
  id: Id;
  /** null for house accounts. */
  member_id: number | null;
  /** cash | bonus | rebate for members; the house account's name otherwise. */
  kind: string;
  currency: string;
  balance_centavos: ColumnType<number, number | undefined, number>;
  version: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface LedgerTransfersTable {
  id: Id;
  /** Unique: replaying a key returns the first transfer and moves nothing. */
  idempotency_key: string;
  /** Why the transfer exists: deposit, withdrawal_request, adjustment, bet, win... */
  code: string;
  meta_json: string | null;
  created_at: Timestamp;
}

export interface LedgerEntriesTable {
  id: Id;
  transfer_id: number;
  account_id: number;
  /** Signed: positive credits the account, negative debits it. A transfer's entries sum to 0. */
  amount_centavos: number;
  /** The member account's balance after this entry; null for house accounts (no running balance). */
  balance_after_centavos: number | null;
  created_at: Timestamp;
}

export interface PaymentChannelsTable {
  id: Id;
  code: string;
  name: string;
  /** deposit | withdraw */
  direction: string;
  payment_type: string;
  provider: string;
  fee_bp: ColumnType<number, number | undefined, number>;
  fee_fixed_centavos: ColumnType<number, number | undefined, number>;
  min_centavos: number;
  max_centavos: number;
  instant_receipt: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<number, number | undefined, number>;
  sort: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DepositOrdersTable {
  id: Id;
  order_no: string;
  member_id: number;
  channel_id: number;
  amount_centavos: number;
  fee_centavos: ColumnType<number, number | undefined, number>;
  /** pending -> credited, or expired / failed; a payment from another CPF: pending -> refund_pending -> refunded */
  status: string;
  provider: string;
  psp_txid: string;
  br_code: string;
  end_to_end_id: string | null;
  payment_desc: string | null;
  /** The deposit bonus the member chose when depositing (an activity type, or 'none'); null: no choice. */
  bonus_choice: ColumnType<string | null, string | null | undefined, string | null>;
  /** The payer's CPF (11 digits) or CNPJ (14) as the PSP reported it (migration 0017). */
  payer_document: ColumnType<string | null, string | null | undefined, string | null>;
  payer_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why the payment was returned instead of credited (foreign_payer, payer_unknown, payer_company). */
  refund_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Our id of the refund (the PSP's idempotency key for the devolução). */
  refund_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The PSP's reference of the refund once made. */
  refund_reference: ColumnType<string | null, string | null | undefined, string | null>;
  refunded_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  expires_at: Timestamp;
  paid_at: Timestamp | null;
  credited_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * The deposit bonus a credited deposit funded first (migration 0012): one row per deposit, so with
 * bonus stacking off a second bonus of the same deposit finds the row taken, even at the same instant.
 */
export interface DepositBonusUsesTable {
  deposit_order_id: number;
  member_id: number;
  /** The activity type that took the deposit (ftd, welcome, rechargerebate). */
  source: string;
  claim_key: string;
  created_at: Timestamp;
}

/** A deposit's history (migration 0017): credited, foreign_payer, refunded, refund_failed. */
export interface DepositOrderEventsTable {
  id: Id;
  deposit_order_id: number;
  event: string;
  reason: string | null;
  detail: string | null;
  created_at: Timestamp;
}

export interface WebhookEventsTable {
  id: Id;
  provider: string;
  event_id: string;
  payload: string;
  /** credited | duplicate | unknown_order | expired_order | amount_mismatch | bad_signature */
  outcome: string;
  received_at: Timestamp;
}

export interface MemberBanksTable {
  id: Id;
  member_id: number;
  /** cpf | cnpj | phone | email | evp */
  key_type: string;
  pix_key: string;
  holder_name: string;
  bank_name: string | null;
  is_default: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface WithdrawalsTable {
  id: Id;
  order_no: string;
  member_id: number;
  member_bank_id: number;
  channel_id: number;
  amount_centavos: number;
  fee_centavos: ColumnType<number, number | undefined, number>;
  /** pending_review -> approved -> paying -> paid, or rejected / failed (money back) */
  status: string;
  member_remark: string | null;
  reject_reason: string | null;
  reviewed_by: number | null;
  reviewed_at: Timestamp | null;
  psp_reference: string | null;
  paid_at: Timestamp | null;
  /** The key the member's client chose for the request (Idempotency-Key / request_id), unique per member. */
  request_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MemberSessionsTable {
  id: Id;
  member_id: number;
  token_hash: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** logout | force_offline | password_changed | frozen */
  revoked_reason: string | null;
}

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface EmailCodesTable {
  id: Id;
  member_id: number;
  email: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface EmailOutboxTable {
  id: Id;
  to_address: string;
  subject: string;
  body: string;
  transport: string;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  error: string | null;
}

export interface OperatorsTable {
  id: Id;
  username: string;
  password_hash: string;
  role: string;
  status: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  last_login_at: Timestamp | null;
  /** Sealed (lib/secret-box.ts): the TOTP key being enrolled, and the one in use. */
  totp_pending_secret: string | null;
  totp_secret: string | null;
  totp_enabled_at: Timestamp | null;
  /** Time step of the last TOTP code accepted: a code is accepted once. */
  totp_last_step: number | null;
}

export type OperatorSessionKind = 'session' | 'challenge';

export interface OperatorSessionsTable {
  id: Id;
  operator_id: number;
  token_hash: string;
  ip: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** 'challenge': the password was right, the second factor is still to come. */
  kind: ColumnType<OperatorSessionKind, OperatorSessionKind | undefined, OperatorSessionKind>;
}

export interface OperatorRecoveryCodesTable {
  id: Id;
  operator_id: number;
  code_hash: string;
  created_at: Timestamp;
  used_at: Timestamp | null;
}

export interface AuditLogTable {
  id: Id;
  operator_id: number | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  /** JSON */
  before_json: string | null;
  /** JSON */
  after_json: string | null;
  ip: string | null;
  created_at: Timestamp;
}

export interface ActivitiesTable {
  id: Id;
  site_id: number;
  type: string;
  /** JSON object language -> title. */
  title_json: string;
  /** JSON object language -> content. */
  content_json: string;
  image_url: string | null;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  sort: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<number, number | undefined, number>;
  /** The activity module's settings (JSON; each module parses its own shape). */
  config_json: ColumnType<string, string | undefined, string>;
  /** Members below this VIP level get "Upgrade required". */
  min_vip_level: ColumnType<number, number | undefined, number>;
  /** Turnover required = reward x this multiple, added to ml_money. */
  wagering_multiple: ColumnType<number, number | undefined, number>;
  /** 1: triggered by a deposit; refused on a regulated site. */
  deposit_linked: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp | null;
}

export interface BonusCreditsTable {
  id: Id;
  member_id: number;
  /** An activity type, or 'vip_levelup', 'rebate', 'agency_commission', 'redeemcode', 'adjustment'. */
  source: string;
  activity_id: number | null;
  /** Unique: the idempotency of the claim (two simultaneous claims pay once). */
  claim_key: string;
  amount_centavos: number;
  wagering_centavos: ColumnType<number, number | undefined, number>;
  transfer_id: number | null;
  detail_json: string | null;
  created_at: Timestamp;
}

export interface MemberDailyStatsTable {
  member_id: number;
  /** YYYY-MM-DD on the São Paulo calendar. */
  day: string;
  category: string;
  bet_centavos: ColumnType<number, number | undefined, number>;
  win_centavos: ColumnType<number, number | undefined, number>;
  rounds: ColumnType<number, number | undefined, number>;
  /** Rebate already accrued into fs_money from this row. */
  rebate_centavos: ColumnType<number, number | undefined, number>;
}

export interface VipLevelsTable {
  level: number;
  name: string;
  min_recharge_centavos: number;
  min_bet_centavos: number;
  min_slot_bet_centavos: number;
  min_live_bet_centavos: number;
  levelup_reward_centavos: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

export interface VipHistoryTable {
  id: Id;
  member_id: number;
  /** 'level', 'slot' or 'live'. */
  track: string;
  from_level: number;
  to_level: number;
  reward_centavos: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface RebateRatesTable {
  level: number;
  category: string;
  rate_bp: number;
}

export interface AgencyTreeTable {
  member_id: number;
  ancestor_id: number;
  /** 1 = direct subordinate, 2+ = indirect. */
  depth: number;
}

export type AgencyBindRequestStatus = 'pending' | 'accepted' | 'declined' | 'expired' | 'cancelled';

/** An agent's request to bind a member, answered by the member (issue 10 item 8). */
export interface AgencyBindRequestsTable {
  id: Id;
  member_id: number;
  agent_id: number;
  status: AgencyBindRequestStatus;
  created_at: Timestamp;
  expires_at: Timestamp;
  decided_at: Timestamp | null;
}

export interface AgencyRatesTable {
  depth: number;
  recharge_bp: number;
  betting_bp: number;
  updated_at: Timestamp;
}

export interface AgencyCommissionsTable {
  id: Id;
  agent_id: number;
  /** The subordinate whose recharge or bets earned it (unique with agent, day and source). */
  subordinate_id: number;
  day: string;
  /** 'recharge' or 'betting'. */
  source: string;
  depth: number;
  base_centavos: number;
  rate_bp: number;
  amount_centavos: number;
  transfer_id: number | null;
  created_at: Timestamp;
}

export interface AgencySettlementsTable {
  id: Id;
  day: string;
  /** 'running' or 'done'. */
  status: string;
  agents: ColumnType<number, number | undefined, number>;
  total_centavos: ColumnType<number, number | undefined, number>;
  started_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface NotificationsTable {
  id: Id;
  member_id: number;
  /** 'operator' (written in the back office) or a system kind ('bonus', 'withdrawal', ...). */
  kind: string;
  title: string;
  body: string;
  params_json: string | null;
  operator_id: number | null;
  read_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AnnouncementsTable {
  id: Id;
  site_id: number;
  /** JSON object language -> text. */
  title_json: string;
  content_json: string;
  pinned: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<number, number | undefined, number>;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  operator_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AnnouncementReadsTable {
  member_id: number;
  announcement_id: number;
  read_at: Timestamp;
}

export interface RedeemCodesTable {
  id: Id;
  site_id: number;
  code: string;
  amount_centavos: number;
  wagering_multiple: ColumnType<number, number | undefined, number>;
  max_uses: number;
  used_count: ColumnType<number, number | undefined, number>;
  min_vip_level: ColumnType<number, number | undefined, number>;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  enabled: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface GameProvidersTable {
  id: Id;
  plat_type: string;
  name: string;
  /** 'house' (our provably-fair games) or 'external' (an aggregator on the seamless wallet). */
  kind: string;
  launch_url: string | null;
  /** HMAC secret of the provider's wallet callbacks: server only, never in an answer. */
  wallet_secret: string | null;
  logo_url: string | null;
  enabled: ColumnType<number, number | undefined, number>;
  sort: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GamesTable {
  id: Id;
  code: string;
  provider_id: number;
  /** One of the spec's ten categories (slots, live, table, sports, lottery, fish, crash, arcade, bingo, card). */
  category: string;
  name: string;
  /** JSON object language -> name. */
  names_json: ColumnType<string, string | undefined, string>;
  /** JSON array of tags. */
  tags_json: ColumnType<string, string | undefined, string>;
  thumbnail: string;
  /** Declared RTP in basis points (9700 = 97.00%). */
  rtp_bp: number;
  volatility: ColumnType<string, string | undefined, string>;
  min_bet_centavos: number;
  max_bet_centavos: number;
  enabled: ColumnType<number, number | undefined, number>;
  sort: ColumnType<number, number | undefined, number>;
  is_popular: ColumnType<number, number | undefined, number>;
  is_promotion: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GameFollowsTable {
  id: Id;
  member_id: number;
  game_id: number;
  created_at: Timestamp;
}

export interface GameSessionsTable {
  id: Id;
  token_hash: string;
  member_id: number;
  game_id: number;
  provider_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface FairSeedsTable {
  id: Id;
  member_id: number;
  /** Secret until the pair is rotated out (revealed_at set). */
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  /** The nonce the next bet will use. */
  nonce: ColumnType<number, number | undefined, number>;
  active: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  revealed_at: Timestamp | null;
}

export interface GameRoundsTable {
  id: Id;
  round_uid: string;
  provider_id: number;
  game_id: number;
  member_id: number;
  bet_centavos: ColumnType<number, number | undefined, number>;
  win_centavos: ColumnType<number, number | undefined, number>;
  /** 'open' (stake taken, not settled), 'settled', 'rolled_back'. */
  status: string;
  outcome_json: string | null;
  seed_id: number | null;
  nonce: number | null;
  created_at: Timestamp;
  settled_at: Timestamp | null;
  /**
   * An instant round's ledger transfers (migration 0026), set by its one insert; a trigger then
   * writes its wallet transactions, valid bet, day figures and responsible-gaming counters. Null
   * for every round written any other way.
   */
  bet_transfer_id: ColumnType<number | null, number | null | undefined, never>;
  win_transfer_id: ColumnType<number | null, number | null | undefined, never>;
}

/**
 * A member's rounds per São Paulo day (of created_at) and game (migration 0018): the game record's
 * totals. Written only by the triggers on game_rounds, in the statement that writes the round.
 */
export interface MemberGameDaysTable {
  member_id: number;
  /** YYYY-MM-DD. */
  day: string;
  game_id: number;
  rounds: number;
  /** Stakes of the rounds not rolled back. */
  bet_centavos: number;
  win_centavos: number;
}

export interface WalletTransactionsTable {
  id: Id;
  provider_id: number;
  tx_id: string;
  /** 'bet', 'win', 'rollback'. */
  kind: string;
  member_id: number;
  round_uid: string;
  /** For a rollback: the bet it refunds. */
  ref_tx_id: string | null;
  amount_centavos: number;
  /** 'ok', 'rolled_back' (a bet refunded later), 'unknown' (a rollback of a bet never seen). */
  status: string;
  transfer_id: number | null;
  /**
   * A stake the wallet's debit took or a win its credit paid: the São Paulo day whose
   * responsible-gaming counters it counts in (migration 0027: its insert's trigger adds it there).
   * Null on every other row.
   */
  usage_day: ColumnType<string | null, string | null | undefined, never>;
  created_at: Timestamp;
}

export interface SharedChainsTable {
  id: Id;
  /** 'crash' or 'double'. */
  game: string;
  /** Secret: the chain's first generated hash; the rounds play the chain backwards from its end. */
  seed: string;
  /**
   * Public: each round's result is HMAC(round hash, salt). The value of the chain's beacon round
   * ('' until it is known, salted_at null); a legacy chain (no beacon) has the operator's salt.
   */
  salt: string;
  length: number;
  /** Published before the first round: applying the chain step to round 0's hash gives it. */
  terminating_hash: string;
  /** Rounds drawn from the chain so far. */
  next_index: ColumnType<number, number | undefined, number>;
  /** 'committed' (published, not yet played), 'active' (rounds draw from it) or 'retired'. */
  status: ColumnType<SharedChainStatus, SharedChainStatus, SharedChainStatus>;
  /** The randomness beacon that salts the chain ('drand-quicknet', 'sandbox'); null: legacy operator salt. */
  beacon: string | null;
  /** The beacon round whose value is the salt: the first one emitted after created_at (plus a margin). */
  beacon_round: number | null;
  /** When the salt became known. */
  salted_at: Timestamp | null;
  /** When the chain was committed: its terminating hash is public from then on. */
  created_at: Timestamp;
}

export type SharedChainStatus = 'committed' | 'active' | 'retired';

/** A drawn bingo round (migration 0020): written once by its settlement, before any payment. */
export interface BingoRoundsTable {
  round_id: number;
  room: string;
  cards: number;
  sales_centavos: number;
  balls_called: number;
  jackpot_centavos: number;
  pool_after_centavos: number;
  /** JSON: packages/games bingo.ts RoundResult. */
  result: string;
  created_at: Timestamp;
}

/** A bingo room's progressive jackpot pool (migration 0020). */
export interface BingoJackpotsTable {
  room: string;
  pool_centavos: number;
  last_round_id: number;
  updated_at: Timestamp;
}

export interface SharedRoundsTable {
  id: Id;
  game: string;
  uid: string;
  chain_id: number;
  /** 0 = the first round played from the chain. */
  chain_index: number;
  /** The round's chain hash: secret until the round ends. */
  hash: string;
  /** betting -> running (crash) / spinning (double) -> ended, or cancelled (open bets refunded). */
  status: string;
  /** Crash: the crash point in hundredths (235 = 2.35x); double: the roll 0..14. Secret until the end. */
  result: number;
  betting_ends_at: Timestamp;
  started_at: Timestamp | null;
  ended_at: Timestamp | null;
  created_at: Timestamp;
}

export interface SharedBetsTable {
  id: Id;
  round_id: number;
  member_id: number;
  /** The member's game round (game_rounds.round_uid) this stake belongs to. */
  game_round_uid: string;
  /** Crash: 'crash'; double: 'red', 'black' or 'white'. */
  choice: string;
  stake_centavos: number;
  auto_cashout_x100: number | null;
  cashout_x100: number | null;
  win_centavos: ColumnType<number, number | undefined, number>;
  /** open -> won | lost, or refunded. */
  status: string;
  created_at: Timestamp;
  settled_at: Timestamp | null;
}

// Sportsbook (migration 0008).
type Int = ColumnType<number, number | undefined, number>;

export interface SportsTable {
  id: Id;
  code: string;
  /** JSON object language -> name. */
  names_json: string;
  sort: Int;
  enabled: Int;
}

export interface CompetitionsTable {
  id: Id;
  sport_id: number;
  code: string;
  names_json: string;
  country: string | null;
  /** 'league', 'cup', 'international' or 'virtual'. */
  kind: string;
  /** Overrides the book's default margin for this competition's markets. */
  margin_bp: number | null;
  sort: Int;
  enabled: Int;
  created_at: Timestamp;
}

export interface TeamsTable {
  id: Id;
  sport_id: number;
  code: string;
  /** The Portuguese name players see (team names are not translated). */
  name: string;
  short_name: string;
  country: string | null;
  /** Expected-goals scale in thousandths (1000 = average). */
  attack: number;
  defence: number;
  color_primary: string;
  color_secondary: string;
  is_virtual: Int;
}

export interface FixturesTable {
  id: Id;
  competition_id: number;
  home_team_id: number;
  away_team_id: number;
  starts_at: Timestamp;
  /** scheduled -> live -> finished, or cancelled. */
  status: string;
  minute: Int;
  home_score: Int;
  away_score: Int;
  result_version: Int;
  is_virtual: Int;
  server_seed: string | null;
  server_seed_hash: string | null;
  /** Virtual matches: JSON array of goals { minute, team: 'home' | 'away' }. */
  events_json: string | null;
  feed: ColumnType<string, string | undefined, string>;
  external_id: string | null;
  finished_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MarketsTable {
  id: Id;
  fixture_id: number;
  /** '1x2', 'double_chance', 'over_under', 'btts', 'correct_score', 'asian_handicap'. */
  type: string;
  /** Line in hundredths (2.5 -> 250, -1.5 -> -150); 0 when the market has none. */
  line: Int;
  /** open, suspended, settled, void. */
  status: string;
  margin_bp: number;
  version: Int;
  settled_version: Int;
  updated_at: Timestamp;
}

export interface SelectionsTable {
  id: Id;
  market_id: number;
  code: string;
  sort: Int;
  /** Decimal odds in hundredths (1.85 -> 185). */
  odds: number;
  probability_ppm: number;
  /** pending, won, lost, void. */
  result: ColumnType<string, string | undefined, string>;
}

export interface SportBetsTable {
  id: Id;
  member_id: number;
  bet_no: string;
  request_id: string;
  /** single or accumulator. */
  kind: string;
  stake_centavos: number;
  /** Product of the accepted odds in hundredths, rounded down. */
  total_odds: number;
  potential_payout_centavos: number;
  /** open, won, lost, void, cashed_out. */
  status: string;
  paid_centavos: Int;
  settlement_version: Int;
  placed_at: Timestamp;
  settled_at: Timestamp | null;
  /** The São Paulo day whose responsible-gaming counters the stake counts in (migration 0027: its insert's trigger adds it). */
  usage_day: ColumnType<string | null, string | null | undefined, never>;
}

export interface SportBetLegsTable {
  id: Id;
  bet_id: number;
  fixture_id: number;
  market_id: number;
  selection_id: number;
  odds: number;
  /** pending, won, lost, void. */
  result: ColumnType<string, string | undefined, string>;
}

/**
 * The open bets on one selection (migration 0018): how many, Σ stakes, Σ potential payouts (an
 * accumulator in full on each of its legs). Written only by the triggers on sport_bet_legs and
 * sport_bets, in the statement that places, settles or reopens the bets.
 */
export interface SportSelectionExposureTable {
  market_id: number;
  selection_id: number;
  fixture_id: number;
  open_bets: number;
  stakes_centavos: number;
  payouts_centavos: number;
}

export interface FixtureResultsTable {
  id: Id;
  fixture_id: number;
  version: number;
  home_score: number | null;
  away_score: number | null;
  /** 'result' or 'cancelled'. */
  kind: string;
  operator_id: number | null;
  created_at: Timestamp;
}

export interface SportsbookSettingsTable {
  id: number;
  default_margin_bp: number;
  min_stake_centavos: number;
  max_stake_centavos: number;
  max_payout_centavos: number;
  max_market_liability_centavos: number;
  max_legs: number;
  cashout_margin_bp: number;
  updated_at: Timestamp;
}

/** Responsible-gaming limits (migration 0014): one row per member, kind and period. */
export interface ResponsibleLimitsTable {
  member_id: number;
  /** deposit, loss, wager (centavos) or time (minutes, daily only). */
  kind: string;
  /** day, week or month. */
  period: string;
  value: number | null;
  pending_value: number | null;
  pending_clear: ColumnType<number, number | undefined, number>;
  pending_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface ResponsibleSettingsTable {
  member_id: number;
  reality_check_minutes: ColumnType<number, number | undefined, number>;
  paused_until: Timestamp | null;
  excluded_at: Timestamp | null;
  excluded_until: Timestamp | null;
  exclusion_source: string | null;
  withdraw_until: Timestamp | null;
  closed_at: Timestamp | null;
  time_blocked_day: string | null;
  updated_at: Timestamp;
}

export interface ResponsibleUsageTable {
  member_id: number;
  day: string;
  stake_centavos: ColumnType<number, number | undefined, number>;
  win_centavos: ColumnType<number, number | undefined, number>;
  seconds: ColumnType<number, number | undefined, number>;
  limit_hits: ColumnType<number, number | undefined, number>;
}

/** Identity checks (migration 0015, docs/IDENTITY.md): one row per set of documents sent. */
export interface KycSubmissionsTable {
  id: Id;
  member_id: number;
  /** pending, approved or rejected. */
  status: string;
  reason: string | null;
  full_name: string;
  cpf: string | null;
  birth_date: string | null;
  provider: string;
  provider_ref: string | null;
  /** provider or operator; null while pending. */
  decided_by: string | null;
  operator_id: number | null;
  created_at: Timestamp;
  decided_at: Timestamp | null;
  updated_at: Timestamp;
}

/** Support chat (migration 0024, issue 15 item 6). */
export interface SupportConversationsTable {
  id: Id;
  member_id: number;
  /** open or closed. */
  status: string;
  assigned_operator_id: number | null;
  member_unread: Generated<number>;
  operator_unread: Generated<number>;
  message_count: Generated<number>;
  last_preview: Generated<string>;
  last_message_at: Timestamp;
  created_at: Timestamp;
  closed_at: Timestamp | null;
}

export interface SupportAttachmentsTable {
  id: Id;
  member_id: number | null;
  operator_id: number | null;
  storage_key: string;
  mime: string;
  size_bytes: number;
  sha256: string;
  created_at: Timestamp;
}

/** The community chat's messages (issue 15 item 1, migration 0021); the rain reads member_id and created_at. */
export interface ChatMessagesTable {
  id: Id;
  room: string;
  /** The author; null for an operator's message. */
  member_id: number | null;
  operator_id: number | null;
  /** The name shown, as it was when written. */
  nick: string;
  text: string;
  /** JSON array of the @nicks named in the text. */
  mentions: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  deleted_at: Timestamp | null;
  deleted_by: number | null;
}

/** Chat mutes (until a time) and bans (until null); lifted ones keep their row. */
export interface ChatSanctionsTable {
  id: Id;
  member_id: number;
  /** mute or ban. */
  kind: string;
  until: Timestamp | null;
  reason: ColumnType<string, string | undefined, string>;
  operator_id: number;
  created_at: Timestamp;
  lifted_at: Timestamp | null;
  lifted_by: number | null;
}

export interface SupportMessagesTable {
  id: Id;
  conversation_id: number;
  /** member or operator. */
  author_kind: string;
  operator_id: number | null;
  text: string;
  attachment_id: number | null;
  created_at: Timestamp;
}

export interface SupportCannedRepliesTable {
  id: Id;
  title: string;
  text: string;
  operator_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface KycDocumentsTable {
  id: Id;
  submission_id: number;
  /** front, back or selfie. */
  side: string;
  storage_key: string;
  mime: string;
  size_bytes: number;
  sha256: string;
  created_at: Timestamp;
}

export interface KycWebhookEventsTable {
  provider: string;
  event_id: string;
  received_at: Timestamp;
}

/** The sandbox CPF registry: what the registry knows of each CPF. */
export interface CpfRegistryTable {
  cpf: string;
  full_name: string;
  /** YYYY-MM-DD. */
  birth_date: string;
  created_at: Timestamp;
}

/** The sandbox federal self-exclusion register (migration 0016): CPFs operators mark "Impedido". */
export interface CentralExclusionListTable {
  cpf: string;
  added_by: number | null;
  note: string | null;
  created_at: Timestamp;
}

/** Every consultation of the federal self-exclusion register. */
export interface CentralExclusionChecksTable {
  id: Id;
  member_id: number | null;
  cpf: string;
  /** registration, daily_login or periodic. */
  reason: string;
  /** impedido, nao_impedido or error. */
  result: string;
  checked_at: Timestamp;
}

/** Every responsible-gaming contact with a member, kept 5 years (no deletion path). */
export interface MemberCommunicationsTable {
  id: Id;
  member_id: number;
  /** notification, email or in_app. */
  channel: string;
  kind: string;
  lang: string;
  content: string;
  created_at: Timestamp;
}

/** A member's balance returned after an exclusion closed the withdrawal window. */
export interface BalanceReturnsTable {
  id: Id;
  member_id: number;
  return_key: string;
  /** self_exclusion or central_exclusion. */
  reason: string;
  amount_centavos: number;
  /** empty, paying, paid, queued or manual. */
  status: string;
  key_type: string | null;
  pix_key: string | null;
  withdrawal_id: number | null;
  ledger_key: string | null;
  note: string | null;
  operator_id: number | null;
  created_at: Timestamp;
  paid_at: Timestamp | null;
  updated_at: Timestamp;
}

/** Terms, privacy and responsible-gaming policy versions (migration 0023). */
export interface LegalDocumentsTable {
  id: Id;
  site_id: number;
  /** terms | privacy | responsible */
  kind: string;
  version: number;
  /** draft | published */
  status: string;
  /** JSON object language -> title. */
  title_json: string;
  /** JSON object language -> Markdown. */
  content_json: string;
  effective_at: Timestamp | null;
  published_at: Timestamp | null;
  operator_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LegalAcceptancesTable {
  id: Id;
  member_id: number;
  document_id: number;
  kind: string;
  version: number;
  ip: string | null;
  accepted_at: Timestamp;
}

/** Reminder popups shown on entering the site (migration 0023). */
export interface PopupsTable {
  id: Id;
  site_id: number;
  title_json: string;
  text_json: string;
  image_url: string | null;
  link_url: string | null;
  /** all | visitors | members | vip */
  audience: ColumnType<string, string | undefined, string>;
  /** For audience vip: the lowest VIP level that sees it. */
  vip_min_level: number | null;
  /** 1 (the default): opens as a modal on entering. */
  modal: ColumnType<number, number | undefined, number>;
  active: ColumnType<number, number | undefined, number>;
  sort: ColumnType<number, number | undefined, number>;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  operator_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A member's "don't remind me" on a popup (the off flag; no row = false). */
export interface PopupOffsTable {
  member_id: number;
  popup_id: number;
  off_at: Timestamp;
}

/** The chat rain's settings per site (migration 0022); absent: the RAIN_* defaults. */
export interface RainSettingsTable {
  site_id: number;
  enabled: number;
  off_when_regulated: number;
  /** claim | auto */
  mode: string;
  interval_minutes: number;
  pot_centavos: number;
  min_wager_centavos: number;
  chat_active_minutes: number;
  window_seconds: number;
  announce_seconds: number;
  wagering_multiple: number;
  updated_by: number | null;
  updated_at: Timestamp;
}

/** One rain per site and instant (migration 0022). */
export interface RainsTable {
  id: Id;
  site_id: number;
  at: Timestamp;
  closes_at: Timestamp;
  mode: string;
  pot_centavos: number;
  min_wager_centavos: number;
  chat_active_minutes: number;
  wagering_multiple: number;
  /** announced | open | paid | cancelled */
  status: string;
  paid_count: ColumnType<number, number | undefined, number>;
  paid_centavos: ColumnType<number, number | undefined, number>;
  announced_at: Timestamp;
  opened_at: Timestamp | null;
  paid_at: Timestamp | null;
}

/** A member's share of a rain: claimed, paid or skipped; one per (rain, member) and per (rain, CPF). */
export interface RainPayoutsTable {
  id: Id;
  rain_id: number;
  member_id: number;
  cpf: string;
  status: string;
  amount_centavos: ColumnType<number, number | undefined, number>;
  wagering_centavos: ColumnType<number, number | undefined, number>;
  bonus_id: number | null;
  claimed_at: Timestamp | null;
  paid_at: Timestamp | null;
}

export interface DB {
  sites: SitesTable;
  members: MembersTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_entries: LedgerEntriesTable;
  payment_channels: PaymentChannelsTable;
  deposit_orders: DepositOrdersTable;
  deposit_bonus_uses: DepositBonusUsesTable;
  deposit_order_events: DepositOrderEventsTable;
  webhook_events: WebhookEventsTable;
  member_banks: MemberBanksTable;
  withdrawals: WithdrawalsTable;
  member_sessions: MemberSessionsTable;
  captchas: CaptchasTable;
  email_codes: EmailCodesTable;
  email_outbox: EmailOutboxTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  audit_log: AuditLogTable;
  activities: ActivitiesTable;
  game_providers: GameProvidersTable;
  games: GamesTable;
  game_follows: GameFollowsTable;
  game_sessions: GameSessionsTable;
  fair_seeds: FairSeedsTable;
  game_rounds: GameRoundsTable;
  member_game_days: MemberGameDaysTable;
  wallet_transactions: WalletTransactionsTable;
  shared_chains: SharedChainsTable;
  shared_rounds: SharedRoundsTable;
  bingo_rounds: BingoRoundsTable;
  bingo_jackpots: BingoJackpotsTable;
  shared_bets: SharedBetsTable;
  bonus_credits: BonusCreditsTable;
  member_daily_stats: MemberDailyStatsTable;
  vip_levels: VipLevelsTable;
  vip_history: VipHistoryTable;
  rebate_rates: RebateRatesTable;
  agency_tree: AgencyTreeTable;
  agency_bind_requests: AgencyBindRequestsTable;
  agency_rates: AgencyRatesTable;
  agency_commissions: AgencyCommissionsTable;
  agency_settlements: AgencySettlementsTable;
  notifications: NotificationsTable;
  announcements: AnnouncementsTable;
  announcement_reads: AnnouncementReadsTable;
  redeem_codes: RedeemCodesTable;
  sports: SportsTable;
  competitions: CompetitionsTable;
  teams: TeamsTable;
  fixtures: FixturesTable;
  markets: MarketsTable;
  selections: SelectionsTable;
  sport_bets: SportBetsTable;
  sport_bet_legs: SportBetLegsTable;
  sport_selection_exposure: SportSelectionExposureTable;
  fixture_results: FixtureResultsTable;
  sportsbook_settings: SportsbookSettingsTable;
  responsible_limits: ResponsibleLimitsTable;
  responsible_settings: ResponsibleSettingsTable;
  responsible_usage: ResponsibleUsageTable;
  kyc_submissions: KycSubmissionsTable;
  kyc_documents: KycDocumentsTable;
  kyc_webhook_events: KycWebhookEventsTable;
  cpf_registry: CpfRegistryTable;
  central_exclusion_list: CentralExclusionListTable;
  central_exclusion_checks: CentralExclusionChecksTable;
  member_communications: MemberCommunicationsTable;
  balance_returns: BalanceReturnsTable;
  rain_settings: RainSettingsTable;
  rains: RainsTable;
  rain_payouts: RainPayoutsTable;
  support_conversations: SupportConversationsTable;
  support_attachments: SupportAttachmentsTable;
  support_messages: SupportMessagesTable;
  chat_messages: ChatMessagesTable;
  chat_sanctions: ChatSanctionsTable;
  support_canned_replies: SupportCannedRepliesTable;
  legal_documents: LegalDocumentsTable;
  legal_acceptances: LegalAcceptancesTable;
  popups: PopupsTable;
  popup_offs: PopupOffsTable;
}

export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type MemberUpdate = Updateable<MembersTable>;
export type Site = Selectable<SitesTable>;
export type MemberSession = Selectable<MemberSessionsTable>;
export type Operator = Selectable<OperatorsTable>;
export type Game = Selectable<GamesTable>;
export type GameProvider = Selectable<GameProvidersTable>;
export type GameRound = Selectable<GameRoundsTable>;
