import { z } from 'zod';
import { parseReais } from '../money.ts';
import { idField, langField, reaisField } from './fields.ts';
import { HOUSE_GAME_CODES } from './games.ts';

/**
 * The house games' contract (API.fair.*, API.house.*, /ws/crash, /ws/double): requests, answers
 * and websocket messages. Money is a string of reais ("12.34"); multipliers are strings floored to
 * their decimals ("2.0000" for instant games, "2.35" for crash); the server decides every outcome.
 */

// ---- fields ---------------------------------------------------------------------------------

/** The stake, in reais ("1.50" or 1.5): negatives, zero and fractions of a centavo are refused. */
export const stakeField = reaisField;

/**
 * A number with at most two decimals ("50.50", 50.5, 2) read exactly as hundredths (5050): dice
 * targets and crash auto cash-outs. Same exact parser as money, never a float multiplication.
 */
export const hundredthsField = (message: string) =>
  z.union([z.string().max(16), z.number()], { error: message }).transform((value, ctx) => {
    const hundredths = parseReais(value);
    if (hundredths === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return hundredths as number;
  });

export const clientSeedField = z
  .string({ error: 'games.seed_invalid' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'games.seed_invalid' });

const money = z.string();

// ---- provably fair -------------------------------------------------------------------------

/** The seed pair a bet used (the server seed itself only once the pair is rotated out). */
export const fairProofSchema = z.object({
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(),
});
export type FairProof = z.infer<typeof fairProofSchema>;

/** A rotated-out pair: its nonce is the count it served (nonces 0 .. nonce - 1). */
export const revealedSeedPairSchema = fairProofSchema.extend({
  id: z.number(),
  server_seed: z.string(),
  created_at: z.string(),
  revealed_at: z.string(),
});

/** GET API.fair.seeds: the active pair (nonce = the next bet's) and the last revealed pairs. */
export const fairSeedsSchema = z.object({
  active: fairProofSchema,
  history: z.array(revealedSeedPairSchema),
});
export type FairSeedsView = z.infer<typeof fairSeedsSchema>;

/**
 * GET API.fair.chains (public): the record of every shared round's result chains (crash, double,
 * the live tables and the bingo rooms). A chain is
 * committed (its terminating hash published with the beacon round that will salt it), then salted
 * with that round's value, then played, then retired. A legacy chain (beacon null) was made
 * before beacons, with a salt the operator chose.
 */
export const FAIR_CHAIN_STATUSES = ['committed', 'active', 'retired'] as const;
/** The shared-round games: each draws its rounds from published chains. */
export const FAIR_CHAIN_GAMES = ['crash', 'double', 'live-roulette', 'live-bac-bo', 'bingo-75', 'bingo-90'] as const;
export type FairChainGame = (typeof FAIR_CHAIN_GAMES)[number];
export const fairChainSchema = z.object({
  id: z.number(),
  game: z.enum(FAIR_CHAIN_GAMES),
  status: z.enum(FAIR_CHAIN_STATUSES),
  /** Rounds in the chain, and rounds drawn from it so far. */
  length: z.number(),
  rounds_played: z.number(),
  /** sha256 of the first round's hash (as text): every round's hash leads to it. */
  terminating_hash: z.string(),
  /** When the terminating hash was published (ISO time). */
  committed_at: z.string(),
  /** The round results' HMAC key material: the beacon round's value; null until it is known. */
  salt: z.string().nullable(),
  salted_at: z.string().nullable(),
  beacon: z
    .object({
      /** 'drand-quicknet' or 'sandbox'. */
      name: z.string(),
      /** The offline development beacon: its values come from this server and prove nothing. */
      sandbox: z.boolean(),
      round: z.number(),
      /** When the round was (or will be) emitted: always after committed_at. */
      round_time: z.string(),
      /** The round's public page (drand's API), null for the sandbox. */
      url: z.string().nullable(),
    })
    .nullable(),
});
export type FairChain = z.infer<typeof fairChainSchema>;
export const fairChainsSchema = z.object({
  /** The beacon this site salts new chains with. */
  beacon: z.object({ name: z.string(), sandbox: z.boolean() }),
  /** Newest first: for each game the next committed chain, the active one and the last retired ones. */
  chains: z.array(fairChainSchema),
});
export type FairChainsView = z.infer<typeof fairChainsSchema>;

/** POST API.fair.rotate { client_seed? }: reveals the active server seed, starts a new pair. */
export const rotateSeedBodySchema = z.object({ lang: langField, client_seed: clientSeedField.optional() });
export const rotateSeedAnswerSchema = z.object({
  revealed: revealedSeedPairSchema.nullable(),
  active: fairProofSchema,
});

// ---- configuration -------------------------------------------------------------------------

export const houseConfigQuerySchema = z.object({
  lang: langField,
  code: z.enum(HOUSE_GAME_CODES, { error: 'games.not_found' }),
});

/**
 * GET API.house.config?code=: the game's limits, declared RTP and the constants its screen needs
 * (paytables, plinko tables, mines limits, roulette limits...), taken from packages/games.
 */
export const houseConfigSchema = z
  .object({
    code: z.enum(HOUSE_GAME_CODES),
    name: z.string(),
    enabled: z.boolean(),
    min_bet: money,
    max_bet: money,
    /** Declared RTP as a percentage string ("97.00"). */
    rtp: z.string(),
  })
  .catchall(z.unknown());
export type HouseConfig = z.infer<typeof houseConfigSchema>;

// ---- instant games -------------------------------------------------------------------------

/** What every settled instant round answers besides its outcome. */
export const instantRoundBase = fairProofSchema.extend({
  round_id: z.number(),
  /** The stake. */
  amount: money,
  /** What the round paid (stake included); "0.00" on a loss. */
  win: money,
  /** The round's multiplier, floored to 4 decimals ("1.9800"). */
  multiplier: z.string(),
  /** The member's cash balance after the round. */
  balance: money,
});

export const DICE_DIRECTIONS = ['over', 'under'] as const;
export const diceBetBodySchema = z.object({
  lang: langField,
  amount: stakeField,
  /** The target roll, 0.00..100.00 (two decimals at most). */
  target: hundredthsField('games.dice_target_invalid'),
  direction: z.enum(DICE_DIRECTIONS, { error: 'games.dice_direction_invalid' }),
});
export const diceOutcomeSchema = z.object({
  /** The roll in hundredths (4237 = 42.37). */
  roll: z.number().int(),
  target: z.number().int(),
  direction: z.enum(DICE_DIRECTIONS),
  /** Win chance in hundredths of a percent (4950 = 49.50%). */
  chance: z.number().int(),
  win: z.boolean(),
});
export const diceAnswerSchema = instantRoundBase.extend({ outcome: diceOutcomeSchema });

export const PLINKO_RISK_LEVELS = ['low', 'medium', 'high'] as const;
export const plinkoBetBodySchema = z.object({
  lang: langField,
  amount: stakeField,
  rows: z.coerce.number({ error: 'games.plinko_rows_invalid' }).int({ error: 'games.plinko_rows_invalid' }),
  risk: z.enum(PLINKO_RISK_LEVELS, { error: 'games.plinko_risk_invalid' }),
});
export const plinkoOutcomeSchema = z.object({
  rows: z.number().int(),
  risk: z.enum(PLINKO_RISK_LEVELS),
  /** 0 = left, 1 = right, one per row: the path to animate. */
  path: z.array(z.number().int()),
  slot: z.number().int(),
});
export const plinkoAnswerSchema = instantRoundBase.extend({ outcome: plinkoOutcomeSchema });

/** Roulette and slot outcomes follow packages/games' own shapes (a JSON object per spin). */
export const rouletteChipSchema = z.object({
  /** The bet's kind (straight, split, street, corner, line, dozen, column, red, black, even, odd, low, high). */
  type: z.string({ error: 'games.roulette_bet_invalid' }).max(16, { error: 'games.roulette_bet_invalid' }),
  /** Inside bets: the numbers covered (straight one, split two, street three, corner four, line six). */
  numbers: z
    .array(z.number({ error: 'games.roulette_bet_invalid' }).int())
    .max(6)
    .optional(),
  /** Dozen and column: 1, 2 or 3. */
  index: z.number({ error: 'games.roulette_bet_invalid' }).int().optional(),
  amount: stakeField,
});
export const rouletteBetBodySchema = z.object({
  lang: langField,
  /** Every chip of the spin (at most the table's 160 spots). */
  bets: z
    .array(rouletteChipSchema, { error: 'games.roulette_bet_invalid' })
    .min(1, { error: 'games.roulette_no_bets' })
    .max(160, { error: 'games.roulette_too_many_bets' }),
});
export const rouletteOutcomeSchema = z.object({
  number: z.number().int(),
  color: z.enum(['green', 'red', 'black']),
  /** Each chip as placed, with what it returned (stake included; "0.00" when it lost). */
  bets: z.array(
    z.object({
      type: z.string(),
      numbers: z.array(z.number().int()),
      index: z.number().int().nullable(),
      amount: money,
      win: money,
    }),
  ),
});
export const rouletteAnswerSchema = instantRoundBase.extend({ outcome: rouletteOutcomeSchema });

export const slotSpinBodySchema = z.object({ lang: langField, amount: stakeField });
export const slotAnswerSchema = instantRoundBase.extend({ outcome: z.record(z.string(), z.unknown()) });

// ---- mines ---------------------------------------------------------------------------------

export const minesStartBodySchema = z.object({
  lang: langField,
  amount: stakeField,
  mines: z.coerce.number({ error: 'games.mines_count_invalid' }).int({ error: 'games.mines_count_invalid' }),
});
export const minesRevealBodySchema = z.object({
  lang: langField,
  round_id: idField.optional(),
  /** Tile 0..24, row by row. */
  tile: z.number({ error: 'games.tile_invalid' }).int({ error: 'games.tile_invalid' }),
});
export const minesCashoutBodySchema = z.object({ lang: langField, round_id: idField.optional() });

export const MINES_STATUSES = ['playing', 'busted', 'cashed_out'] as const;
export const minesRoundSchema = fairProofSchema.extend({
  round_id: z.number(),
  status: z.enum(MINES_STATUSES),
  mines: z.number().int(),
  amount: money,
  /** Safe tiles shown so far, in order. */
  revealed: z.array(z.number().int()),
  /** The multiplier cashing out now would pay ("1.0313"); "0.0000" when busted. */
  multiplier: z.string(),
  /** The multiplier after one more safe tile, null when none is left or the round ended. */
  next_multiplier: z.string().nullable(),
  win: money,
  /** The mines: null while the round is in play (never sent before it ends). */
  mine_positions: z.array(z.number().int()).nullable(),
  created_at: z.string(),
});
export type MinesRoundView = z.infer<typeof minesRoundSchema>;
export const minesAnswerSchema = z.object({
  round: minesRoundSchema,
  /** Reveal only: the tile and whether it was safe. */
  tile: z.number().int().optional(),
  safe: z.boolean().optional(),
  balance: money,
});
export const minesActiveAnswerSchema = z.object({ round: minesRoundSchema.nullable() });

// ---- shared rounds: crash ------------------------------------------------------------------

export const CRASH_PHASES = ['betting', 'running', 'busted'] as const;
export type CrashPhase = (typeof CRASH_PHASES)[number];

/** A bet in the live list: the account name masked ("ma***23"). */
export const crashPlayerBetSchema = z.object({
  player: z.string(),
  amount: money,
  auto_cashout: z.string().nullable(),
  /** The multiplier cashed out at ("2.35"), null while riding or lost. */
  cashout: z.string().nullable(),
  win: money.nullable(),
});
export const crashHistoryItemSchema = z.object({
  round_id: z.number(),
  crash_point: z.string(),
  hash: z.string(),
});
export const crashMyBetSchema = z.object({
  amount: money,
  auto_cashout: z.string().nullable(),
  cashout: z.string().nullable(),
  win: money.nullable(),
  status: z.enum(['open', 'won', 'lost', 'refunded']),
});

/** The whole state of the current crash round (on connect, and at every phase change). */
export const crashStateSchema = z.object({
  round_id: z.number(),
  phase: z.enum(CRASH_PHASES),
  /** Epoch milliseconds on the server's clock. */
  server_time: z.number(),
  betting_ends_at: z.number(),
  /** When the multiplier started rising (running and busted). */
  started_at: z.number().nullable(),
  /** The current multiplier ("1.00" while betting); the crash point once busted. */
  multiplier: z.string(),
  crash_point: z.string().nullable(),
  /** The round's chain hash, revealed when it busts. */
  hash: z.string().nullable(),
  /** The round's bets, largest stakes first (at most 200; later ones arrive in crash.bets). */
  bets: z.array(crashPlayerBetSchema),
  /** The last 20 crash points, newest first. */
  history: z.array(crashHistoryItemSchema),
  /** The calling member's bet in this round (HTTP state with a session only). */
  my_bet: crashMyBetSchema.nullable().optional(),
  /** The chain's published terminating hash (every round's hash leads to it). */
  terminating_hash: z.string(),
});
export type CrashState = z.infer<typeof crashStateSchema>;

export const crashBetBodySchema = z.object({
  lang: langField,
  amount: stakeField,
  /** Cash out automatically at this multiplier (1.01 and up, two decimals). */
  auto_cashout: hundredthsField('games.auto_cashout_invalid').optional().nullable(),
});
export const crashBetAnswerSchema = z.object({
  round_id: z.number(),
  amount: money,
  auto_cashout: z.string().nullable(),
  balance: money,
});
export const crashCashoutBodySchema = z.object({ lang: langField, round_id: idField.optional() });
export const crashCashoutAnswerSchema = z.object({
  round_id: z.number(),
  multiplier: z.string(),
  win: money,
  balance: money,
});

// ---- shared rounds: double -----------------------------------------------------------------

export const DOUBLE_COLORS = ['red', 'black', 'white'] as const;
export type DoubleColor = (typeof DOUBLE_COLORS)[number];
export const DOUBLE_PHASES = ['betting', 'spinning', 'ended'] as const;

export const doublePlayerBetSchema = z.object({
  player: z.string(),
  color: z.enum(DOUBLE_COLORS),
  amount: money,
  /** Set once the round ended: what the bet paid ("0.00" when it lost). */
  win: money.nullable(),
});
export const doubleHistoryItemSchema = z.object({
  round_id: z.number(),
  roll: z.number().int(),
  color: z.enum(DOUBLE_COLORS),
  hash: z.string(),
});
export const doubleStateSchema = z.object({
  round_id: z.number(),
  phase: z.enum(DOUBLE_PHASES),
  server_time: z.number(),
  betting_ends_at: z.number(),
  /** When the wheel stops (spinning and ended). */
  spin_ends_at: z.number().nullable(),
  /** The roll 0..14 and its colour: null until the wheel stops. */
  roll: z.number().int().nullable(),
  color: z.enum(DOUBLE_COLORS).nullable(),
  hash: z.string().nullable(),
  bets: z.array(doublePlayerBetSchema),
  /** Stakes per colour in this round. */
  totals: z.object({ red: money, black: money, white: money }),
  history: z.array(doubleHistoryItemSchema),
  my_bets: z.array(z.object({ color: z.enum(DOUBLE_COLORS), amount: money, win: money.nullable() })).optional(),
  terminating_hash: z.string(),
});
export type DoubleState = z.infer<typeof doubleStateSchema>;

export const doubleBetBodySchema = z.object({
  lang: langField,
  amount: stakeField,
  color: z.enum(DOUBLE_COLORS, { error: 'games.color_invalid' }),
});
export const doubleBetAnswerSchema = z.object({
  round_id: z.number(),
  color: z.enum(DOUBLE_COLORS),
  amount: money,
  balance: money,
});

// ---- websocket messages (/ws/crash, /ws/double; connect with ?token= to bet) ----------------

export const crashTickMessage = z.object({
  type: z.literal('crash.tick'),
  data: z.object({ round_id: z.number(), multiplier: z.string(), elapsed_ms: z.number() }),
});
export const crashStateMessage = z.object({ type: z.literal('crash.state'), data: crashStateSchema });
/**
 * New bets and cash-outs, gathered and sent at most once per tick (~10 a second): a thousand
 * players cashing out at once make a few messages per socket, not a thousand.
 */
export const crashBetsMessage = z.object({
  type: z.literal('crash.bets'),
  data: z.object({ round_id: z.number(), bets: z.array(crashPlayerBetSchema) }),
});
export const crashCashoutsMessage = z.object({
  type: z.literal('crash.cashouts'),
  data: z.object({
    round_id: z.number(),
    cashouts: z.array(z.object({ player: z.string(), multiplier: z.string(), win: money })),
  }),
});
export const doubleStateMessage = z.object({ type: z.literal('double.state'), data: doubleStateSchema });
export const doubleBetsMessage = z.object({
  type: z.literal('double.bets'),
  data: z.object({
    round_id: z.number(),
    bets: z.array(doublePlayerBetSchema),
    totals: z.object({ red: money, black: money, white: money }),
  }),
});
/** The answer to a client's message, matched by its `ref`. */
export const replyMessage = z.object({
  type: z.literal('reply'),
  data: z.object({
    ref: z.string().nullable(),
    ok: z.boolean(),
    /** Translated message (the error's, or a success text). */
    message: z.string(),
    error_code: z.string().optional(),
    result: z.unknown().optional(),
  }),
});
export const houseServerMessage = z.discriminatedUnion('type', [
  crashTickMessage,
  crashStateMessage,
  crashBetsMessage,
  crashCashoutsMessage,
  doubleStateMessage,
  doubleBetsMessage,
  replyMessage,
]);
export type HouseServerMessage = z.infer<typeof houseServerMessage>;

/** What a browser may send on /ws/crash and /ws/double (members only). */
export const houseClientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('bet'),
    ref: z.string().max(64).optional(),
    amount: stakeField,
    auto_cashout: hundredthsField('games.auto_cashout_invalid').optional().nullable(),
    color: z.enum(DOUBLE_COLORS).optional(),
    lang: langField,
  }),
  z.object({ type: z.literal('cashout'), ref: z.string().max(64).optional(), lang: langField }),
]);
export type HouseClientMessage = z.infer<typeof houseClientMessage>;

// ---- one round, for the verify page --------------------------------------------------------

export const houseRoundParamsSchema = z.object({ id: idField });
export const houseRoundSchema = z.object({
  id: z.number(),
  game_code: z.string(),
  status: z.enum(['open', 'settled', 'rolled_back']),
  amount: money,
  win: money,
  created_at: z.string(),
  settled_at: z.string().nullable(),
  /** The stored outcome with the bet's parameters (what the verify page replays). */
  outcome: z.unknown(),
  /** Instant games and mines: the member's seed pair. */
  seeds: fairProofSchema.extend({ server_seed: z.string().nullable(), revealed: z.boolean() }).nullable(),
  /** Crash and double: the shared round's chain hash (once the round ended). */
  chain: z
    .object({
      shared_round_id: z.number(),
      hash: z.string().nullable(),
      chain_index: z.number(),
      terminating_hash: z.string(),
      /** The chain's public salt: the result is HMAC(round hash, salt) (the verify page needs it). */
      salt: z.string(),
      /** Crash point in hundredths, or the double roll: null until the round ended. */
      result: z.number().nullable(),
    })
    .nullable(),
});
export type HouseRoundView = z.infer<typeof houseRoundSchema>;
