import { formatCentavos } from '@casino/shared/money';
import type { GAME_RECORD_RANGES, GameRecordAnswer, GameRecordItem } from '@casino/shared/schemas/games';
import type { AppContext } from '../../context.ts';
import { memberRounds } from './games.repository.ts';
import { gameName } from './games.service.ts';

/** The game record of the spec: the member's rounds of today, the last 3 or the last 7 days. */

export type RecordRange = (typeof GAME_RECORD_RANGES)[number];
/** "Today" is a day in Brazil, whatever the server's clock zone. */
export const RECORD_TIME_ZONE = 'America/Sao_Paulo';
const DAYS_BACK: Record<RecordRange, number> = { today: 0, '3days': 2, '7days': 6 };

/** Milliseconds the zone's wall clock is ahead of UTC at `instant` (negative west of Greenwich). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant the zone's calendar day `daysBack` days before `now`'s day began. */
export function zoneDayStart(now: Date, daysBack: number, timeZone = RECORD_TIME_ZONE): Date {
  const wallNow = new Date(now.getTime() + zoneOffsetMs(now.getTime(), timeZone));
  const wallMidnight = Date.UTC(wallNow.getUTCFullYear(), wallNow.getUTCMonth(), wallNow.getUTCDate() - daysBack);
  // Midnight's own offset may differ from now's (a daylight-saving change in between): use it.
  const guess = wallMidnight - zoneOffsetMs(wallMidnight, timeZone);
  return new Date(wallMidnight - zoneOffsetMs(guess, timeZone));
}

export async function gameRecords(
  ctx: AppContext,
  memberId: number,
  query: { range: RecordRange; page: number; page_size: number },
  lang: string,
  now = new Date(),
): Promise<GameRecordAnswer> {
  const since = zoneDayStart(now, DAYS_BACK[query.range]).toISOString();
  const rounds = await memberRounds(ctx.db, memberId, since, query.page, query.page_size);
  const list = rounds.list.map((r): GameRecordItem => {
    const bet = r.status === 'rolled_back' ? 0 : r.bet_centavos;
    return {
      id: r.id,
      brand: r.brand,
      name: gameName({ name: r.game_name, names_json: r.names_json }, lang),
      game_code: r.game_code,
      bet_time: r.created_at,
      bet_amount: formatCentavos(bet),
      win_amount: formatCentavos(r.win_centavos),
      net_amount: formatCentavos(r.win_centavos - bet),
      status: r.status === 'settled' || r.status === 'rolled_back' ? r.status : 'open',
    };
  });
  return {
    list,
    total: rounds.rounds,
    page: query.page,
    page_size: query.page_size,
    summary: {
      bet_amount: formatCentavos(rounds.betCentavos),
      win_amount: formatCentavos(rounds.winCentavos),
      net_amount: formatCentavos(rounds.winCentavos - rounds.betCentavos),
      rounds: rounds.rounds,
    },
  };
}
