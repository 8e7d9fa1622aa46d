import { formatCentavos } from '@casino/shared/money';
import type { GAME_RECORD_RANGES, GameRecordAnswer, GameRecordItem } from '@casino/shared/schemas/games';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/http.ts';
import { dayRange, saoPauloDay } from '../../lib/sao-paulo.ts';
import { type DayTotals, type RecordRow, type RoundKey, dayTotals, roundsAfter, roundsWithin } from './records.repository.ts';
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

/** The cursor of the page after `row`: its place in the record's order, opaque to the client. */
export function encodeCursor(row: RoundKey): string {
  return Buffer.from(`${row.createdAt}|${row.id}`).toString('base64url');
}

/** The round a cursor names; a cursor this server did not write is BAD_PARAMETERS. */
export function decodeCursor(cursor: string): RoundKey {
  const [createdAt = '', id = ''] = Buffer.from(cursor, 'base64url').toString().split('|');
  const roundId = Number(id);
  if (
    !Number.isSafeInteger(roundId) ||
    roundId < 1 ||
    !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(createdAt) ||
    Number.isNaN(Date.parse(createdAt))
  ) {
    throw new AppError('BAD_PARAMETERS', { fieldErrors: { cursor: ['errors.bad_parameters'] } });
  }
  return { createdAt, id: roundId };
}

const keyOf = (row: RecordRow): RoundKey => ({ createdAt: row.created_at, id: row.id });

/**
 * The page: after the cursor when there is one (the next page of the one before); else page `page`.
 * A page number never makes the database count or skip the rounds of earlier days: the day totals
 * say which São Paulo day the page starts in and where, and only that day's index is read.
 */
async function pageRows(
  ctx: AppContext,
  memberId: number,
  since: string,
  days: DayTotals[],
  total: number,
  query: { page: number; page_size: number; cursor?: string | undefined },
): Promise<RecordRow[]> {
  const size = query.page_size;
  if (query.cursor !== undefined) return roundsAfter(ctx.db, memberId, { since }, decodeCursor(query.cursor), size);
  const skip = (query.page - 1) * size;
  if (skip >= total) return [];
  if (skip === 0) return roundsAfter(ctx.db, memberId, { since }, undefined, size);
  let before = 0;
  let index = 0;
  while (index < days.length - 1 && before + days[index]!.rounds <= skip) {
    before += days[index]!.rounds;
    index += 1;
  }
  const day = days[index]!;
  const bounds = dayRange(day.day);
  const list = await roundsWithin(
    ctx.db,
    memberId,
    { start: bounds.start < since ? since : bounds.start, end: bounds.end },
    day.rounds,
    skip - before,
    size,
  );
  // The page runs into the day before: the rest follows the last row in keyset order.
  const last = list.at(-1);
  if (last && list.length < size) list.push(...(await roundsAfter(ctx.db, memberId, { since }, keyOf(last), size - list.length)));
  return list;
}

export async function gameRecords(
  ctx: AppContext,
  memberId: number,
  query: { range: RecordRange; page: number; page_size: number; cursor?: string | undefined },
  lang: string,
  now = new Date(),
): Promise<GameRecordAnswer> {
  const since = zoneDayStart(now, DAYS_BACK[query.range]).toISOString();
  const days = await dayTotals(ctx.db, memberId, saoPauloDay(since));
  const totals = days.reduce((sum, d) => ({ rounds: sum.rounds + d.rounds, bet: sum.bet + d.betCentavos, win: sum.win + d.winCentavos }), {
    rounds: 0,
    bet: 0,
    win: 0,
  });
  const rows = await pageRows(ctx, memberId, since, days, totals.rounds, query);
  const list = rows.map((r): GameRecordItem => {
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
  const last = rows.at(-1);
  const more = query.cursor !== undefined || (query.page - 1) * query.page_size + rows.length < totals.rounds;
  return {
    list,
    total: totals.rounds,
    page: query.page,
    page_size: query.page_size,
    next_cursor: last && rows.length === query.page_size && more ? encodeCursor(keyOf(last)) : null,
    summary: {
      bet_amount: formatCentavos(totals.bet),
      win_amount: formatCentavos(totals.win),
      net_amount: formatCentavos(totals.win - totals.bet),
      rounds: totals.rounds,
    },
  };
}
