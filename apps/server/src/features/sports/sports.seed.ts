import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';

/**
 * The sportsbook's catalogue every installation starts with: football, the Brasileirão Série A
 * (the 20 clubs of 2026), the Libertadores, two European leagues, the Champions League and the
 * always-on virtual league. Seeding inserts missing rows only, so an operator's later edits
 * (margins, enabling, ratings) survive every restart. Team names are Portuguese in every language.
 */

type Names = { pt: string; en: string; zh: string; vi: string; id: string; ms: string; th: string; tr: string };

export interface SeedTeam {
  code: string;
  name: string;
  short: string;
  country: string;
  /** Thousandths of the average: attack above 1000 scores more, defence above 1000 concedes more. */
  attack: number;
  defence: number;
  colors: [primary: string, secondary: string];
}

export type CompetitionKind = 'league' | 'cup' | 'international' | 'virtual';

export interface SeedCompetition {
  code: string;
  names: Names;
  country: string | null;
  kind: CompetitionKind;
  sort: number;
  /** Team codes; a cup lists its groups in order, `groupSize` teams each. */
  teams: string[];
  groupSize?: number;
}

export const FOOTBALL: { code: string; names: Names } = {
  code: 'football',
  names: { pt: 'Futebol', en: 'Football', zh: '足球', vi: 'Bóng đá', id: 'Sepak Bola', ms: 'Bola Sepak', th: 'ฟุตบอล', tr: 'Futbol' },
};

const t = (
  code: string,
  name: string,
  short: string,
  country: string,
  attack: number,
  defence: number,
  primary: string,
  secondary: string,
): SeedTeam => ({ code, name, short, country, attack, defence, colors: [primary, secondary] });

/** Série A 2026: the 16 clubs that stayed up in 2025 and the four promoted from the Série B. */
const SERIE_A: SeedTeam[] = [
  t('flamengo', 'Flamengo', 'FLA', 'BR', 1350, 720, '#C8102E', '#000000'),
  t('palmeiras', 'Palmeiras', 'PAL', 'BR', 1300, 740, '#006437', '#FFFFFF'),
  t('cruzeiro', 'Cruzeiro', 'CRU', 'BR', 1180, 810, '#003DA5', '#FFFFFF'),
  t('mirassol', 'Mirassol', 'MIR', 'BR', 1090, 890, '#FFD100', '#007A33'),
  t('fluminense', 'Fluminense', 'FLU', 'BR', 1110, 880, '#7A0026', '#00613C'),
  t('botafogo', 'Botafogo', 'BOT', 'BR', 1120, 860, '#000000', '#FFFFFF'),
  t('bahia', 'Bahia', 'BAH', 'BR', 1070, 940, '#0054A6', '#E30613'),
  t('sao-paulo', 'São Paulo', 'SAO', 'BR', 1030, 920, '#E30613', '#000000'),
  t('gremio', 'Grêmio', 'GRE', 'BR', 980, 1010, '#0D80BF', '#000000'),
  t('bragantino', 'Red Bull Bragantino', 'RBB', 'BR', 1000, 990, '#FFFFFF', '#D4001A'),
  t('atletico-mineiro', 'Atlético Mineiro', 'CAM', 'BR', 1040, 950, '#000000', '#FFFFFF'),
  t('santos', 'Santos', 'SAN', 'BR', 990, 1050, '#FFFFFF', '#000000'),
  t('corinthians', 'Corinthians', 'COR', 'BR', 990, 930, '#FFFFFF', '#000000'),
  t('vasco', 'Vasco da Gama', 'VAS', 'BR', 1010, 1040, '#000000', '#FFFFFF'),
  t('vitoria', 'Vitória', 'VIT', 'BR', 880, 1110, '#E2001A', '#000000'),
  t('internacional', 'Internacional', 'INT', 'BR', 1010, 980, '#E4002B', '#FFFFFF'),
  t('coritiba', 'Coritiba', 'CFC', 'BR', 900, 1040, '#00693E', '#FFFFFF'),
  t('athletico-pr', 'Athletico Paranaense', 'CAP', 'BR', 940, 1020, '#C8102E', '#000000'),
  t('chapecoense', 'Chapecoense', 'CHA', 'BR', 830, 1170, '#00843D', '#FFFFFF'),
  t('remo', 'Remo', 'REM', 'BR', 820, 1190, '#002F6C', '#FFFFFF'),
];

const SOUTH_AMERICA: SeedTeam[] = [
  t('river-plate', 'River Plate', 'RIV', 'AR', 1200, 820, '#FFFFFF', '#E30613'),
  t('boca-juniors', 'Boca Juniors', 'BOC', 'AR', 1120, 840, '#00338D', '#FFD100'),
  t('racing', 'Racing', 'RAC', 'AR', 1100, 880, '#6CACE4', '#FFFFFF'),
  t('penarol', 'Peñarol', 'PEN', 'UY', 1000, 920, '#FFD100', '#000000'),
  t('nacional-uru', 'Nacional', 'NAC', 'UY', 990, 940, '#FFFFFF', '#003DA5'),
  t('ldu-quito', 'LDU', 'LDU', 'EC', 1020, 900, '#FFFFFF', '#E30613'),
  t('colo-colo', 'Colo-Colo', 'COL', 'CL', 940, 990, '#FFFFFF', '#000000'),
  t('olimpia', 'Olimpia', 'OLI', 'PY', 920, 1000, '#FFFFFF', '#000000'),
  t('atletico-nacional', 'Atlético Nacional', 'ATN', 'CO', 1000, 950, '#00843D', '#FFFFFF'),
];

const ENGLAND: SeedTeam[] = [
  t('manchester-city', 'Manchester City', 'MCI', 'GB', 1380, 760, '#6CABDD', '#FFFFFF'),
  t('arsenal', 'Arsenal', 'ARS', 'GB', 1330, 700, '#EF0107', '#FFFFFF'),
  t('liverpool', 'Liverpool', 'LIV', 'GB', 1360, 780, '#C8102E', '#FFFFFF'),
  t('chelsea', 'Chelsea', 'CHE', 'GB', 1200, 860, '#034694', '#FFFFFF'),
  t('manchester-united', 'Manchester United', 'MUN', 'GB', 1060, 980, '#DA291C', '#000000'),
  t('tottenham', 'Tottenham', 'TOT', 'GB', 1110, 1010, '#FFFFFF', '#132257'),
  t('newcastle', 'Newcastle', 'NEW', 'GB', 1150, 880, '#000000', '#FFFFFF'),
  t('aston-villa', 'Aston Villa', 'AVL', 'GB', 1100, 930, '#670E36', '#95BFE5'),
  t('brighton', 'Brighton', 'BHA', 'GB', 1050, 980, '#0057B8', '#FFFFFF'),
  t('west-ham', 'West Ham', 'WHU', 'GB', 960, 1080, '#7A263A', '#1BB1E7'),
];

const SPAIN: SeedTeam[] = [
  t('real-madrid', 'Real Madrid', 'RMA', 'ES', 1400, 760, '#FFFFFF', '#FEBE10'),
  t('barcelona', 'Barcelona', 'BAR', 'ES', 1420, 820, '#A50044', '#004D98'),
  t('atletico-madrid', 'Atlético de Madrid', 'ATM', 'ES', 1150, 760, '#CB3524', '#FFFFFF'),
  t('athletic-bilbao', 'Athletic Bilbao', 'ATH', 'ES', 1020, 880, '#EE2523', '#FFFFFF'),
  t('villarreal', 'Villarreal', 'VIL', 'ES', 1100, 940, '#FFE667', '#005187'),
  t('real-sociedad', 'Real Sociedad', 'RSO', 'ES', 980, 950, '#0067B1', '#FFFFFF'),
  t('betis', 'Betis', 'BET', 'ES', 1030, 980, '#00954C', '#FFFFFF'),
  t('sevilla', 'Sevilla', 'SEV', 'ES', 940, 1030, '#FFFFFF', '#D4001A'),
  t('valencia', 'Valencia', 'VAL', 'ES', 910, 1050, '#FFFFFF', '#000000'),
  t('girona', 'Girona', 'GIR', 'ES', 960, 1080, '#CD2534', '#FFFFFF'),
];

const EUROPE: SeedTeam[] = [
  t('bayern', 'Bayern de Munique', 'BAY', 'DE', 1450, 800, '#DC052D', '#FFFFFF'),
  t('psg', 'Paris Saint-Germain', 'PSG', 'FR', 1380, 780, '#004170', '#DA291C'),
  t('inter', 'Inter de Milão', 'IMI', 'IT', 1250, 740, '#010E80', '#000000'),
  t('dortmund', 'Borussia Dortmund', 'BVB', 'DE', 1180, 940, '#FDE100', '#000000'),
  t('juventus', 'Juventus', 'JUV', 'IT', 1080, 800, '#FFFFFF', '#000000'),
];

/** Liga Virtual Aurora: fictional clubs, a wide spread of strengths so prices vary. */
const VIRTUAL: SeedTeam[] = [
  t('v-atletico-aurora', 'Atlético Aurora', 'AUR', 'BR', 1300, 780, '#F2A900', '#1B1B3A'),
  t('v-real-paulistano', 'Real Paulistano', 'RPA', 'BR', 1250, 820, '#FFFFFF', '#7A0026'),
  t('v-ipiranga', 'Ipiranga FC', 'IPI', 'BR', 1180, 870, '#0B6E4F', '#F5F5F5'),
  t('v-tupi-da-serra', 'Tupi da Serra', 'TUP', 'BR', 1120, 900, '#8B2500', '#F4D35E'),
  t('v-estrela-do-norte', 'Estrela do Norte', 'EST', 'BR', 1090, 930, '#D7263D', '#FFFFFF'),
  t('v-uniao-cerrado', 'União Cerrado', 'UNC', 'BR', 1050, 960, '#C17C2F', '#2E4A1F'),
  t('v-sport-mare', 'Sport Maré', 'MAR', 'BR', 1030, 990, '#00A6ED', '#0B3954'),
  t('v-guarani-do-vale', 'Guarani do Vale', 'GVA', 'BR', 1000, 1000, '#2D6A4F', '#FFD60A'),
  t('v-canarinhos', 'Canarinhos EC', 'CAN', 'BR', 980, 1020, '#FFDD00', '#0033A0'),
  t('v-bandeirantes', 'Bandeirantes FC', 'BAN', 'BR', 960, 1040, '#1D3557', '#E63946'),
  t('v-leoes-da-costa', 'Leões da Costa', 'LEO', 'BR', 940, 1060, '#E76F51', '#264653'),
  t('v-ferroviario', 'Ferroviário Paulista', 'FER', 'BR', 910, 1090, '#6D597A', '#FFFFFF'),
  t('v-jacare', 'Jacaré EC', 'JAC', 'BR', 880, 1120, '#386641', '#A7C957'),
  t('v-caicara', 'Caiçara FC', 'CAI', 'BR', 860, 1150, '#0081A7', '#FED9B7'),
  t('v-sertao', 'Sertão FC', 'SER', 'BR', 830, 1180, '#9C6644', '#FFE8D6'),
  t('v-tubaroes-do-sul', 'Tubarões do Sul', 'TUB', 'BR', 800, 1210, '#14213D', '#8ECAE6'),
];

export const SEED_TEAMS: readonly SeedTeam[] = [...SERIE_A, ...SOUTH_AMERICA, ...ENGLAND, ...SPAIN, ...EUROPE, ...VIRTUAL];

/** The virtual league's code: the virtual league (S4) plays its rounds in it. */
export const VIRTUAL_COMPETITION_CODE = 'liga-virtual-aurora';

const codes = (teams: readonly SeedTeam[]) => teams.map((team) => team.code);

export const SEED_COMPETITIONS: readonly SeedCompetition[] = [
  {
    code: 'brasileirao-serie-a',
    names: {
      pt: 'Brasileirão Série A',
      en: 'Brasileirão Série A',
      zh: '巴西足球甲级联赛',
      vi: 'VĐQG Brazil Série A',
      id: 'Liga Brasil Série A',
      ms: 'Liga Brazil Série A',
      th: 'บราซิล เซเรีย อา',
      tr: 'Brezilya Série A',
    },
    country: 'BR',
    kind: 'league',
    sort: 1,
    teams: codes(SERIE_A),
  },
  {
    code: 'copa-libertadores',
    names: {
      pt: 'Copa Libertadores',
      en: 'Copa Libertadores',
      zh: '南美解放者杯',
      vi: 'Copa Libertadores',
      id: 'Copa Libertadores',
      ms: 'Copa Libertadores',
      th: 'โกปา ลิเบร์ตาโดเรส',
      tr: 'Copa Libertadores',
    },
    country: null,
    kind: 'international',
    sort: 2,
    // Three groups of four, one Brazilian club in each (no two clubs of a country in a group).
    teams: [
      'flamengo',
      'river-plate',
      'penarol',
      'ldu-quito',
      'palmeiras',
      'boca-juniors',
      'nacional-uru',
      'colo-colo',
      'cruzeiro',
      'racing',
      'olimpia',
      'atletico-nacional',
    ],
    groupSize: 4,
  },
  {
    code: 'premier-league',
    names: {
      pt: 'Premier League',
      en: 'Premier League',
      zh: '英格兰足球超级联赛',
      vi: 'Ngoại hạng Anh',
      id: 'Liga Primer Inggris',
      ms: 'Liga Perdana Inggeris',
      th: 'พรีเมียร์ลีก อังกฤษ',
      tr: 'İngiltere Premier Lig',
    },
    country: 'GB',
    kind: 'league',
    sort: 3,
    teams: codes(ENGLAND),
  },
  {
    code: 'la-liga',
    names: {
      pt: 'La Liga',
      en: 'La Liga',
      zh: '西班牙足球甲级联赛',
      vi: 'La Liga Tây Ban Nha',
      id: 'La Liga Spanyol',
      ms: 'La Liga Sepanyol',
      th: 'ลาลีกา สเปน',
      tr: 'İspanya La Liga',
    },
    country: 'ES',
    kind: 'league',
    sort: 4,
    teams: codes(SPAIN),
  },
  {
    code: 'champions-league',
    names: {
      pt: 'Liga dos Campeões da UEFA',
      en: 'UEFA Champions League',
      zh: '欧洲冠军联赛',
      vi: 'UEFA Champions League',
      id: 'Liga Champions UEFA',
      ms: 'Liga Juara-Juara UEFA',
      th: 'ยูฟ่า แชมเปียนส์ลีก',
      tr: 'UEFA Şampiyonlar Ligi',
    },
    country: null,
    kind: 'international',
    sort: 5,
    teams: ['real-madrid', 'barcelona', 'manchester-city', 'liverpool', 'arsenal', 'bayern', 'psg', 'inter', 'dortmund', 'juventus'],
  },
  {
    code: VIRTUAL_COMPETITION_CODE,
    names: {
      pt: 'Liga Virtual Aurora',
      en: 'Aurora Virtual League',
      zh: '极光虚拟联赛',
      vi: 'Giải ảo Aurora',
      id: 'Liga Virtual Aurora',
      ms: 'Liga Maya Aurora',
      th: 'ออโรร่า เวอร์ชวล ลีก',
      tr: 'Aurora Sanal Ligi',
    },
    country: 'BR',
    kind: 'virtual',
    sort: 6,
    teams: codes(VIRTUAL),
  },
];

/** The team codes of the virtual league, in seed order. */
export const VIRTUAL_TEAM_CODES: readonly string[] = codes(VIRTUAL);

/** Inserts the sport, competitions and teams that are missing; existing rows are left as they are. */
export async function seedSportsCatalogue(db: Database): Promise<void> {
  const sportId = await ensureSport(db);
  const now = nowIso();
  const knownCompetitions = new Set((await db.selectFrom('competitions').select('code').execute()).map((r) => r.code));
  const competitions = SEED_COMPETITIONS.filter((c) => !knownCompetitions.has(c.code));
  if (competitions.length > 0) {
    await db
      .insertInto('competitions')
      .values(
        competitions.map((c) => ({
          sport_id: sportId,
          code: c.code,
          names_json: JSON.stringify(c.names),
          country: c.country,
          kind: c.kind,
          margin_bp: null,
          sort: c.sort,
          enabled: 1,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }
  const knownTeams = new Set((await db.selectFrom('teams').select('code').execute()).map((r) => r.code));
  const teams = SEED_TEAMS.filter((team) => !knownTeams.has(team.code));
  const virtual = new Set(VIRTUAL_TEAM_CODES);
  if (teams.length > 0) {
    await db
      .insertInto('teams')
      .values(
        teams.map((team) => ({
          sport_id: sportId,
          code: team.code,
          name: team.name,
          short_name: team.short,
          country: team.country,
          attack: team.attack,
          defence: team.defence,
          color_primary: team.colors[0],
          color_secondary: team.colors[1],
          is_virtual: virtual.has(team.code) ? 1 : 0,
        })),
      )
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }
}

async function ensureSport(db: Database): Promise<number> {
  await db
    .insertInto('sports')
    .values({ code: FOOTBALL.code, names_json: JSON.stringify(FOOTBALL.names), sort: 1, enabled: 1 })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  const row = await db.selectFrom('sports').select('id').where('code', '=', FOOTBALL.code).executeTakeFirstOrThrow();
  return Number(row.id);
}
