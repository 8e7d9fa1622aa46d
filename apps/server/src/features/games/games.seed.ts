import { randomBytes } from 'node:crypto';
import { HOUSE_GAME_MATH } from '@casino/games/catalogue';
import { API } from '@casino/shared/api-paths';
import { type GameCategory, HOUSE_GAME_CODES, HOUSE_PLAT_TYPE, type HouseGameCode, SANDBOX_PLAT_TYPE } from '@casino/shared/schemas/games';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { SANDBOX_RTP_BP, SANDBOX_STAKES, type SandboxGameCode } from '../sandbox-provider/sandbox-games.ts';

/**
 * The catalogue every installation starts with: our provably-fair house games, the sportsbook's
 * two entries and the built-in sandbox aggregator's games. Seeding inserts missing rows only, so an operator's later edits
 * (names, flags, order, enabling) survive every restart.
 */

type Names = { pt: string; en: string; zh: string; vi: string; id: string; ms: string; th: string; tr: string };

interface GameMath {
  rtpBp: number;
  volatility: 'low' | 'medium' | 'high';
  minBetCentavos: number;
  maxBetCentavos: number;
}

interface SeedGame {
  code: string;
  category: GameCategory;
  names: Names;
  tags: string[];
  popular?: boolean;
  promotion?: boolean;
  math: GameMath;
}

/** The house games' declared figures come from their maths (packages/games). */
function houseMath(code: HouseGameCode): GameMath {
  const math = HOUSE_GAME_MATH[code];
  return {
    rtpBp: houseRtpBp(code),
    volatility: math.volatility,
    minBetCentavos: math.minBetCentavos,
    maxBetCentavos: math.maxBetCentavos,
  };
}

/** The RTP in basis points as the catalogue shows it, floored like rtpPercent ("97.29"). */
export const houseRtpBp = (code: HouseGameCode) => Math.floor(HOUSE_GAME_MATH[code].rtp * 10_000 + 1e-9);

const HOUSE_GAMES: Record<HouseGameCode, Omit<SeedGame, 'code' | 'math'>> = {
  crash: {
    category: 'crash',
    names: { pt: 'Crash', en: 'Crash', zh: '崩溃', vi: 'Crash', id: 'Crash', ms: 'Crash', th: 'แครช', tr: 'Crash' },
    tags: ['originals', 'provably-fair', 'hot', 'multiplayer'],
    popular: true,
  },
  double: {
    category: 'live',
    names: { pt: 'Double', en: 'Double', zh: '双色轮盘', vi: 'Double', id: 'Double', ms: 'Double', th: 'ดับเบิล', tr: 'Double' },
    tags: ['originals', 'provably-fair', 'hot', 'multiplayer'],
    popular: true,
  },
  dice: {
    category: 'arcade',
    names: { pt: 'Dados', en: 'Dice', zh: '骰子', vi: 'Xúc xắc', id: 'Dadu', ms: 'Dadu', th: 'ลูกเต๋า', tr: 'Zar' },
    tags: ['originals', 'provably-fair'],
  },
  mines: {
    category: 'arcade',
    names: { pt: 'Minas', en: 'Mines', zh: '扫雷', vi: 'Dò mìn', id: 'Ranjau', ms: 'Periuk Api', th: 'เหมือง', tr: 'Mayınlar' },
    tags: ['originals', 'provably-fair', 'hot'],
    popular: true,
  },
  plinko: {
    category: 'arcade',
    names: { pt: 'Plinko', en: 'Plinko', zh: '弹珠台', vi: 'Plinko', id: 'Plinko', ms: 'Plinko', th: 'พลิงโก', tr: 'Plinko' },
    tags: ['originals', 'provably-fair', 'new'],
  },
  'fruit-frenzy': {
    category: 'slots',
    names: {
      pt: 'Frutas em Fúria',
      en: 'Fruit Frenzy',
      zh: '疯狂水果',
      vi: 'Trái Cây Cuồng Nhiệt',
      id: 'Buah Gila',
      ms: 'Buah Gila-gila',
      th: 'ผลไม้คลั่ง',
      tr: 'Meyve Çılgınlığı',
    },
    tags: ['originals', 'provably-fair', 'hot'],
    popular: true,
  },
  'carnaval-20': {
    category: 'slots',
    names: {
      pt: 'Carnaval 20',
      en: 'Carnaval 20',
      zh: '狂欢节 20',
      vi: 'Lễ Hội 20',
      id: 'Karnaval 20',
      ms: 'Karnival 20',
      th: 'คาร์นิวัล 20',
      tr: 'Karnaval 20',
    },
    tags: ['originals', 'provably-fair', 'new', 'free-spins'],
    promotion: true,
  },
  roulette: {
    category: 'table',
    names: {
      pt: 'Roleta Europeia',
      en: 'European Roulette',
      zh: '欧式轮盘',
      vi: 'Roulette Châu Âu',
      id: 'Roulette Eropa',
      ms: 'Rolet Eropah',
      th: 'รูเล็ตยุโรป',
      tr: 'Avrupa Ruleti',
    },
    tags: ['originals', 'provably-fair', 'classic'],
    promotion: true,
  },
  blackjack: {
    category: 'card',
    names: {
      pt: 'Blackjack',
      en: 'Blackjack',
      zh: '二十一点',
      vi: 'Xì dách',
      id: 'Blackjack',
      ms: 'Blackjack',
      th: 'แบล็กแจ็ก',
      tr: 'Blackjack',
    },
    tags: ['originals', 'provably-fair', 'classic'],
    popular: true,
  },
  'video-poker': {
    category: 'card',
    names: {
      pt: 'Video Pôquer',
      en: 'Video Poker',
      zh: '视频扑克',
      vi: 'Video Poker',
      id: 'Video Poker',
      ms: 'Video Poker',
      th: 'วิดีโอโป๊กเกอร์',
      tr: 'Video Poker',
    },
    tags: ['originals', 'provably-fair', 'classic'],
  },
  baccarat: {
    category: 'card',
    names: { pt: 'Bacará', en: 'Baccarat', zh: '百家乐', vi: 'Baccarat', id: 'Bakarat', ms: 'Bakarat', th: 'บาคาร่า', tr: 'Bakara' },
    tags: ['originals', 'provably-fair', 'classic'],
  },
  'hi-lo': {
    category: 'card',
    names: { pt: 'Maior ou Menor', en: 'Hi-Lo', zh: '猜大小', vi: 'Cao Thấp', id: 'Hi-Lo', ms: 'Hi-Lo', th: 'ไฮโล', tr: 'Yüksek-Alçak' },
    tags: ['originals', 'provably-fair', 'new'],
  },
  'bac-bo': {
    category: 'table',
    names: { pt: 'Bac Bo', en: 'Bac Bo', zh: '骰宝百家乐', vi: 'Bac Bo', id: 'Bac Bo', ms: 'Bac Bo', th: 'แบคโบ', tr: 'Bac Bo' },
    tags: ['originals', 'provably-fair', 'hot'],
    popular: true,
  },
  keno: {
    category: 'lottery',
    names: { pt: 'Keno', en: 'Keno', zh: '基诺', vi: 'Keno', id: 'Keno', ms: 'Keno', th: 'คีโน', tr: 'Keno' },
    tags: ['originals', 'provably-fair'],
  },
  limbo: {
    category: 'arcade',
    names: { pt: 'Limbo', en: 'Limbo', zh: '林波', vi: 'Limbo', id: 'Limbo', ms: 'Limbo', th: 'ลิมโบ', tr: 'Limbo' },
    tags: ['originals', 'provably-fair', 'new'],
  },
  'live-roulette': {
    category: 'live',
    names: {
      pt: 'Roleta ao Vivo (RNG)',
      en: 'Live Roulette (RNG)',
      zh: '实时轮盘（RNG）',
      vi: 'Roulette Trực Tiếp (RNG)',
      id: 'Roulette Langsung (RNG)',
      ms: 'Rolet Langsung (RNG)',
      th: 'รูเล็ตสด (RNG)',
      tr: 'Canlı Rulet (RNG)',
    },
    tags: ['originals', 'provably-fair', 'multiplayer'],
  },
  'live-bac-bo': {
    category: 'live',
    names: {
      pt: 'Bac Bo ao Vivo (RNG)',
      en: 'Live Bac Bo (RNG)',
      zh: '实时骰宝百家乐（RNG）',
      vi: 'Bac Bo Trực Tiếp (RNG)',
      id: 'Bac Bo Langsung (RNG)',
      ms: 'Bac Bo Langsung (RNG)',
      th: 'แบคโบสด (RNG)',
      tr: 'Canlı Bac Bo (RNG)',
    },
    tags: ['originals', 'provably-fair', 'multiplayer'],
  },
  'bingo-75': {
    category: 'bingo',
    names: {
      pt: 'Bingo 75 bolas',
      en: 'Bingo 75',
      zh: '75球宾果',
      vi: 'Bingo 75 bóng',
      id: 'Bingo 75 Bola',
      ms: 'Bingo 75 Bola',
      th: 'บิงโก 75 ลูก',
      tr: 'Tombala 75 Top',
    },
    tags: ['originals', 'provably-fair', 'multiplayer'],
    popular: true,
  },
  'bingo-90': {
    category: 'bingo',
    names: {
      pt: 'Bingo 90 bolas',
      en: 'Bingo 90',
      zh: '90球宾果',
      vi: 'Bingo 90 bóng',
      id: 'Bingo 90 Bola',
      ms: 'Bingo 90 Bola',
      th: 'บิงโก 90 ลูก',
      tr: 'Tombala 90 Top',
    },
    tags: ['originals', 'provably-fair', 'multiplayer'],
  },
};

const SANDBOX_GAMES: Record<SandboxGameCode, Omit<SeedGame, 'code' | 'math'> & { volatility: GameMath['volatility'] }> = {
  'sandbox-tigre-sortudo': {
    category: 'slots',
    names: {
      pt: 'Tigre Sortudo',
      en: 'Lucky Tiger',
      zh: '幸运虎',
      vi: 'Hổ May Mắn',
      id: 'Harimau Beruntung',
      ms: 'Harimau Bertuah',
      th: 'เสือนำโชค',
      tr: 'Şanslı Kaplan',
    },
    tags: ['hot', 'classic'],
    popular: true,
    volatility: 'medium',
  },
  'sandbox-pesca-dourada': {
    category: 'fish',
    names: {
      pt: 'Pesca Dourada',
      en: 'Golden Catch',
      zh: '黄金垂钓',
      vi: 'Câu Cá Vàng',
      id: 'Tangkapan Emas',
      ms: 'Tangkapan Emas',
      th: 'ตกปลาทองคำ',
      tr: 'Altın Av',
    },
    tags: ['new'],
    promotion: true,
    volatility: 'low',
  },
  'sandbox-keno-rapido': {
    category: 'lottery',
    names: {
      pt: 'Keno Rápido',
      en: 'Quick Keno',
      zh: '快乐基诺',
      vi: 'Keno Nhanh',
      id: 'Keno Cepat',
      ms: 'Keno Pantas',
      th: 'คีโนด่วน',
      tr: 'Hızlı Keno',
    },
    tags: ['new'],
    volatility: 'high',
  },
};

/**
 * The sportsbook's two doors in the lobby (category sports, provider house): the book and its
 * virtual league. They open the sportsbook's pages, not a game; the declared RTP is what the
 * book's default 6% margin returns (1 / 1.06), the limits are the book's default stake limits.
 */
const SPORTS_MATH: GameMath = { rtpBp: 9433, volatility: 'medium', minBetCentavos: 100, maxBetCentavos: 500_000 };
export const SPORTS_GAMES: readonly SeedGame[] = [
  {
    code: 'sportsbook',
    category: 'sports',
    names: {
      pt: 'Aurora Esportes',
      en: 'Aurora Sports',
      zh: '极光体育',
      vi: 'Aurora Thể Thao',
      id: 'Aurora Olahraga',
      ms: 'Aurora Sukan',
      th: 'ออโรร่า สปอร์ต',
      tr: 'Aurora Spor',
    },
    tags: ['originals', 'new', 'hot'],
    popular: true,
    math: SPORTS_MATH,
  },
  {
    code: 'virtual-football',
    category: 'sports',
    names: {
      pt: 'Futebol Virtual',
      en: 'Virtual Football',
      zh: '虚拟足球',
      vi: 'Bóng Đá Ảo',
      id: 'Sepak Bola Virtual',
      ms: 'Bola Sepak Maya',
      th: 'ฟุตบอลเสมือน',
      tr: 'Sanal Futbol',
    },
    tags: ['originals', 'provably-fair', 'new'],
    promotion: true,
    math: SPORTS_MATH,
  },
];

function houseSeed(): SeedGame[] {
  return HOUSE_GAME_CODES.map((code) => ({ code, ...HOUSE_GAMES[code], math: houseMath(code) }));
}

function sandboxSeed(): SeedGame[] {
  return (Object.keys(SANDBOX_GAMES) as SandboxGameCode[]).map((code) => {
    const { volatility, ...game } = SANDBOX_GAMES[code];
    const stakes = SANDBOX_STAKES[code];
    return {
      code,
      ...game,
      math: { rtpBp: SANDBOX_RTP_BP[code], volatility, minBetCentavos: stakes[0]!, maxBetCentavos: stakes[stakes.length - 1]! },
    };
  });
}

export const HOUSE_PROVIDER_NAME = 'Aurora Originais';
export const SANDBOX_PROVIDER_NAME = 'Sandbox Studio';

async function ensureProvider(
  db: Database,
  row: { plat_type: string; name: string; kind: 'house' | 'external'; launch_url: string | null; sort: number; secret: boolean },
): Promise<number> {
  const now = nowIso();
  const existing = await db
    .selectFrom('game_providers')
    .select(['id', 'wallet_secret'])
    .where('plat_type', '=', row.plat_type)
    .executeTakeFirst();
  if (existing) {
    // Generated once: an external provider without a secret gets one, an existing secret is kept.
    if (row.secret && !existing.wallet_secret) {
      await db
        .updateTable('game_providers')
        .set({ wallet_secret: randomBytes(32).toString('hex'), updated_at: now })
        .where('id', '=', existing.id)
        .where('wallet_secret', 'is', null)
        .execute();
    }
    await db
      .updateTable('game_providers')
      .set({ logo_url: `/static/games/provider-${row.plat_type}.svg` })
      .where('id', '=', existing.id)
      .where('logo_url', 'is', null)
      .execute();
    return existing.id;
  }
  await db
    .insertInto('game_providers')
    .values({
      plat_type: row.plat_type,
      name: row.name,
      kind: row.kind,
      launch_url: row.launch_url,
      wallet_secret: row.secret ? randomBytes(32).toString('hex') : null,
      logo_url: `/static/games/provider-${row.plat_type}.svg`,
      enabled: 1,
      sort: row.sort,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('plat_type').doNothing())
    .execute();
  const inserted = await db.selectFrom('game_providers').select('id').where('plat_type', '=', row.plat_type).executeTakeFirstOrThrow();
  return inserted.id;
}

async function insertMissingGames(db: Database, providerId: number, games: SeedGame[], firstSort: number): Promise<void> {
  const existing = new Set(
    (
      await db
        .selectFrom('games')
        .select('code')
        .where(
          'code',
          'in',
          games.map((g) => g.code),
        )
        .execute()
    ).map((r) => r.code),
  );
  const now = nowIso();
  const missing = games.map((game, index) => ({ game, sort: firstSort + index * 10 })).filter(({ game }) => !existing.has(game.code));
  if (missing.length === 0) return;
  await db
    .insertInto('games')
    .values(
      missing.map(({ game, sort }) => ({
        code: game.code,
        provider_id: providerId,
        category: game.category,
        name: game.names.en,
        names_json: JSON.stringify(game.names),
        tags_json: JSON.stringify(game.tags),
        thumbnail: `/static/games/${game.code}.svg`,
        rtp_bp: game.math.rtpBp,
        volatility: game.math.volatility,
        min_bet_centavos: game.math.minBetCentavos,
        max_bet_centavos: game.math.maxBetCentavos,
        enabled: 1,
        sort,
        is_popular: game.popular ? 1 : 0,
        is_promotion: game.promotion ? 1 : 0,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

/**
 * A house game's RTP is a property of its maths, not a setting: when the maths change, the
 * catalogue follows on the next start (limits, names and flags stay the operator's).
 */
async function syncHouseRtp(db: Database, houseId: number): Promise<void> {
  for (const code of HOUSE_GAME_CODES) {
    const rtpBp = houseRtpBp(code);
    await db
      .updateTable('games')
      .set({ rtp_bp: rtpBp, updated_at: nowIso() })
      .where('code', '=', code)
      .where('provider_id', '=', houseId)
      .where('rtp_bp', '<>', rtpBp)
      .execute();
  }
}

/** At start: the house and sandbox providers and their games. Idempotent, never overwrites. */
export async function seedGameCatalogue(db: Database): Promise<void> {
  const houseId = await ensureProvider(db, {
    plat_type: HOUSE_PLAT_TYPE,
    name: HOUSE_PROVIDER_NAME,
    kind: 'house',
    launch_url: null,
    sort: 0,
    secret: false,
  });
  const sandboxId = await ensureProvider(db, {
    plat_type: SANDBOX_PLAT_TYPE,
    name: SANDBOX_PROVIDER_NAME,
    kind: 'external',
    launch_url: API.sandboxProviderPlay,
    sort: 10,
    secret: true,
  });
  await insertMissingGames(db, houseId, houseSeed(), 10);
  await syncHouseRtp(db, houseId);
  await insertMissingGames(db, houseId, [...SPORTS_GAMES], 100);
  await insertMissingGames(db, sandboxId, sandboxSeed(), 200);
}
