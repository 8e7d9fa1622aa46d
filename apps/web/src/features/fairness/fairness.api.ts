import { API } from '@casino/shared/player-api-paths';
import type { FairChain, FairChainsView, FairProof, FairSeedsView, HouseRoundView } from '@casino/shared/schemas/house-games';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api.ts';

/** The member's seed pairs (API.fair.*) and one round for the verify tool (API.house.round). */
export type { FairChain, FairChainsView, FairSeedsView, HouseRoundView };
export type RevealedPair = FairSeedsView['history'][number];
export type RotateAnswer = { revealed: RevealedPair | null; active: FairProof };

/** The same cache entry the house games' fairness dialog reads, so both agree after a rotation. */
export const fairSeedsKey = ['fair', 'seeds'] as const;

export function useFairSeeds(enabled: boolean) {
  return useQuery({
    queryKey: fairSeedsKey,
    enabled,
    staleTime: 0,
    queryFn: async ({ signal }) => (await apiGet<FairSeedsView>(API.fair.seeds, {}, signal)).data,
  });
}

/** POST API.fair.rotate: reveals the active server seed and starts a new pair (with a new client seed when given). */
export function useRotateSeeds() {
  const client = useQueryClient();
  return async (clientSeed: string | undefined): Promise<RotateAnswer> => {
    const answer = await apiPost<RotateAnswer>(API.fair.rotate, clientSeed ? { client_seed: clientSeed } : {});
    await client.invalidateQueries({ queryKey: fairSeedsKey });
    return answer.data;
  };
}

export function useHouseRound(id: number | null) {
  return useQuery({
    queryKey: ['house', 'round', id],
    enabled: id !== null,
    retry: false,
    queryFn: async ({ signal }) => (await apiGet<HouseRoundView>(API.house.round(id ?? 0), {}, signal)).data,
  });
}

/** The public record of the crash and double chains (API.fair.chains): no session needed. */
export function useFairChains() {
  return useQuery({
    queryKey: ['fair', 'chains'],
    staleTime: 15_000,
    queryFn: async ({ signal }) => (await apiGet<FairChainsView>(API.fair.chains, {}, signal)).data,
  });
}
