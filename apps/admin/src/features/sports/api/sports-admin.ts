import { API } from '@casino/shared/api-paths';
import type {
  AdminCompetition,
  AdminFixture,
  AdminFixtureDetail,
  AdminMarket,
  FixtureResultResponse,
  LiabilityBoard,
  SportsReport,
  SportsSettings,
} from '@casino/shared/schemas/sports-admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Page } from '../../../lib/types';

/** The back office's sportsbook calls: fixtures, results, markets, competitions, settings, liability, GGR. */

export const FIXTURES_PAGE_SIZE = 25;
/** Trading screens refresh themselves: prices, bets and the virtual league move by the minute. */
const LIVE_REFRESH_MS = 15_000;

const sportsKey = ['admin', 'sports'] as const;
const fixturesKey = [...sportsKey, 'fixtures'] as const;
const fixtureKey = (id: number) => [...sportsKey, 'fixture', id] as const;
const competitionsKey = [...sportsKey, 'competitions'] as const;
const settingsKey = [...sportsKey, 'settings'] as const;

export type FixtureFilters = {
  competition_id: string;
  status: string;
  from: string;
  to: string;
  /** '' (all), '1' (virtual only) or '0' (real only). */
  virtual: string;
  page: number;
};

export function useSportsFixtures(filters: FixtureFilters) {
  return useQuery({
    queryKey: [...fixturesKey, filters],
    queryFn: async ({ signal }) =>
      (await api.get<Page<AdminFixture>>(API.admin.sportsFixtures, { ...filters, page_size: FIXTURES_PAGE_SIZE }, signal)).data,
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function useSportsFixture(id: number) {
  return useQuery({
    queryKey: fixtureKey(id),
    queryFn: async ({ signal }) => (await api.get<AdminFixtureDetail>(API.admin.sportsFixture(id), undefined, signal)).data,
    enabled: Number.isSafeInteger(id) && id > 0,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/** A score ({ home_score, away_score }) or a cancellation ({ cancelled: true }). */
export type ResultInput = { home_score: number; away_score: number } | { cancelled: true };

export function useEnterResult(fixtureId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ResultInput) => api.post<FixtureResultResponse>(API.admin.sportsFixtureResult(fixtureId), input),
    meta: { toastErrors: false },
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(fixtureKey(fixtureId), data.fixture);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sportsKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]);
    },
  });
}

export function useSetMarketStatus(fixtureId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ marketId, status }: { marketId: number; status: 'open' | 'suspended' }) =>
      api.patch<AdminMarket>(API.admin.sportsMarket(marketId), { status }),
    meta: { toastErrors: false },
    onSuccess: async ({ data }) => {
      // The market changes in place at once; the rest of the page refetches behind it.
      queryClient.setQueryData<AdminFixtureDetail>(fixtureKey(fixtureId), (fixture) =>
        fixture ? { ...fixture, markets: fixture.markets.map((m) => (m.id === data.id ? data : m)) } : fixture,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: fixtureKey(fixtureId) }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]);
    },
  });
}

export function useSportsCompetitions() {
  return useQuery({
    queryKey: competitionsKey,
    queryFn: async ({ signal }) => (await api.get<AdminCompetition[]>(API.admin.sportsCompetitions, undefined, signal)).data,
    staleTime: 30_000,
  });
}

export type CompetitionUpdate = Partial<{ enabled: boolean; margin_bp: number | null }>;

export function useUpdateCompetition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, update }: { id: number; update: CompetitionUpdate }) =>
      api.patch<{ competition: AdminCompetition; repriced_fixtures: number }>(API.admin.sportsCompetition(id), update),
    meta: { toastErrors: false },
    onSuccess: async ({ data }) => {
      queryClient.setQueryData<AdminCompetition[]>(competitionsKey, (list) =>
        list?.map((c) => (c.id === data.competition.id ? data.competition : c)),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sportsKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]);
    },
  });
}

export function useSportsSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: async ({ signal }) => (await api.get<SportsSettings>(API.admin.sportsSettings, undefined, signal)).data,
  });
}

/** sportsSettingsBody: margins in basis points, amounts as reais strings. */
export type SettingsInput = {
  default_margin_bp: number;
  min_stake: string;
  max_stake: string;
  max_payout: string;
  max_market_liability: string;
  max_legs: number;
  cashout_margin_bp: number;
};

export function useSaveSportsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SettingsInput) =>
      api.put<{ settings: SportsSettings; repriced_fixtures: number }>(API.admin.sportsSettings, input),
    meta: { toastErrors: false },
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(settingsKey, data.settings);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sportsKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]);
    },
  });
}

export function useLiabilityBoard(virtual: string) {
  return useQuery({
    queryKey: [...sportsKey, 'liability', virtual],
    queryFn: async ({ signal }) => (await api.get<LiabilityBoard>(API.admin.sportsLiability, { limit: 50, virtual }, signal)).data,
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export type ReportFilters = { from: string; to: string };

export function useSportsReport(filters: ReportFilters) {
  return useQuery({
    queryKey: [...sportsKey, 'report', filters],
    queryFn: async ({ signal }) => (await api.get<SportsReport>(API.admin.sportsReport, filters, signal)).data,
    placeholderData: keepPreviousData,
  });
}
