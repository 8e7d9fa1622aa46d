import { API } from '@casino/shared/player-api-paths';
import type {
  CompetitionItem,
  FixtureDetail,
  FixtureSummary,
  OddsChangePolicy,
  SportBet,
  sportsHomeResponse,
} from '@casino/shared/schemas/sports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiGet, apiPost } from '../../lib/api.ts';
import { currentLanguage } from '../../lib/i18n.ts';

/** The sportsbook's player calls (schemas in packages/shared/src/schemas/sports.ts). */
export type { CompetitionItem, FixtureDetail, FixtureSummary, SportBet };
export type SportsHome = z.infer<typeof sportsHomeResponse>;
export type CompetitionPage = { competition: CompetitionItem; fixtures: FixtureSummary[] };
export type MyBetsFilter = 'open' | 'settled';
export type Page<T> = { list: T[]; total: number; page: number; page_size: number };
export type PlaceResult = { bets: SportBet[]; balance: string };
export type CashoutResult = { bet: SportBet; balance: string };
/** One price the server holds now, sent back with a 409 SPORTS_ODDS_CHANGED. */
export type PriceChange = { selection_id: number; odds: string; status: 'open' | 'suspended' | 'settled' | 'void' };

export const MY_BETS_PAGE_SIZE = 10;
/** Scores and minutes move: lists re-read this often; a live fixture page faster. */
const LIST_REFRESH_MS = 15_000;
const LIVE_REFRESH_MS = 4_000;
const SCHEDULED_REFRESH_MS = 20_000;
/** Cash-out offers follow the in-play prices. */
const OPEN_BETS_REFRESH_MS = 10_000;

export const sportsKeys = {
  all: ['sports'] as const,
  home: () => ['sports', 'home', currentLanguage()] as const,
  competition: (code: string) => ['sports', 'competition', code, currentLanguage()] as const,
  fixture: (id: number) => ['sports', 'fixture', id, currentLanguage()] as const,
  myBets: ['sports', 'bets'] as const,
  myBetsPage: (status: MyBetsFilter, page: number) => ['sports', 'bets', status, page] as const,
};

/** Live now, kick-offs in the next 24 hours and the competitions with fixtures. */
export function useSportsHome() {
  return useQuery({
    queryKey: sportsKeys.home(),
    refetchInterval: LIST_REFRESH_MS,
    queryFn: async ({ signal }) => (await apiGet<SportsHome>(API.sports.home, {}, signal)).data,
  });
}

/** One competition and its fixtures still to play or playing. */
export function useCompetition(code: string) {
  return useQuery({
    queryKey: sportsKeys.competition(code),
    refetchInterval: LIST_REFRESH_MS,
    retry: (count, error) => !isNotFound(error) && count < 2,
    queryFn: async ({ signal }) => (await apiGet<CompetitionPage>(API.sports.competition, { code }, signal)).data,
  });
}

/** A fixture with every market; re-read every few seconds while it is live. */
export function useFixture(id: number) {
  return useQuery<FixtureDetail>({
    queryKey: sportsKeys.fixture(id),
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: (count, error) => !isNotFound(error) && count < 2,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status === 'live') return LIVE_REFRESH_MS;
      return status === 'scheduled' ? SCHEDULED_REFRESH_MS : false;
    },
    queryFn: async ({ signal }) => (await apiGet<FixtureDetail>(API.sports.fixture, { id }, signal)).data,
  });
}

/** The member's own bets, open or settled, a page at a time; open ones refresh their cash-out offers. */
export function useMyBets(status: MyBetsFilter, page: number, enabled: boolean) {
  return useQuery({
    queryKey: sportsKeys.myBetsPage(status, page),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: status === 'open' ? OPEN_BETS_REFRESH_MS : false,
    queryFn: async () => (await apiPost<Page<SportBet>>(API.sports.myBets, { status, page, page_size: MY_BETS_PAGE_SIZE })).data,
  });
}

export type PlaceRequest = {
  request_id: string;
  kind: 'single' | 'accumulator';
  stake: string;
  selections: { selection_id: number; odds: string }[];
  accept_odds: OddsChangePolicy;
};

/** Places one single per selection (each with `stake`) or one accumulator; the server re-checks every price. */
export const placeBets = async (body: PlaceRequest) => (await apiPost<PlaceResult>(API.sports.place, body)).data;

/** Closes an open bet for the offer the player accepted ("12.34"). */
export const cashOut = async (betNo: string, amount: string) =>
  (await apiPost<CashoutResult>(API.sports.cashout, { bet_no: betNo, amount })).data;

/** A 404 (unknown fixture or competition) will not pass with a retry. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The server's error code of a failed call ("SPORTS_ODDS_CHANGED"), if any. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.body.error_code : undefined;
}

/** The current prices a 409 SPORTS_ODDS_CHANGED carries (`changes` in the error body). */
export function priceChangesOf(error: unknown): PriceChange[] {
  if (!(error instanceof ApiError)) return [];
  const changes = (error.body as unknown as { changes?: unknown }).changes;
  return Array.isArray(changes) ? (changes as PriceChange[]) : [];
}

/** The new offer a 409 SPORTS_CASHOUT_CHANGED carries (`offer`), or null when cash out is gone. */
export function cashoutOfferOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const offer = (error.body as unknown as { offer?: unknown }).offer;
  return typeof offer === 'string' && /^\d{1,12}\.\d{2}$/.test(offer) ? offer : null;
}
