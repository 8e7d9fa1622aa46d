import { API } from '@casino/shared/player-api-paths';
import type {
  AgencyOverview,
  AgencyRewardItem,
  agencyBindBody,
  agencyRewardResponse,
  bindByCodeBody,
  bindJoinedResponse,
  bindRequestsResponse,
  InviteRecordItem,
  inviteRecordResponse,
  mechanismRatesResponse,
  mechanismSettlementResponse,
  SubordinateItem,
  subordinateRegisterBody,
  subordinateRegisterResponse,
  subordinatesResponse,
} from '@casino/shared/schemas/agency';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiPost } from '../../lib/api.ts';

/** The agency centre's calls (spec section 7 "Agency", plus our overview, subordinates and bind). */
export type { AgencyOverview, AgencyRewardItem, InviteRecordItem, SubordinateItem };
export type Subordinates = z.infer<typeof subordinatesResponse>;
export type InviteRecords = z.infer<typeof inviteRecordResponse>;
export type AgencyRewards = z.infer<typeof agencyRewardResponse>;
export type MechanismRates = z.infer<typeof mechanismRatesResponse>;
export type MechanismSettlement = z.infer<typeof mechanismSettlementResponse>;
export type SubordinateRegisterInput = z.input<typeof subordinateRegisterBody>;
export type SubordinateRegistered = z.infer<typeof subordinateRegisterResponse>;
export type BindInput = { phone: string; invite_code: string; uid: string };
export type RangeDays = 1 | 3 | 7;
export type BindJoined = z.infer<typeof bindJoinedResponse>;
export type BindRequests = z.infer<typeof bindRequestsResponse>;

export const PAGE_SIZE = 20;

export const agencyKeys = {
  all: ['agency'] as const,
  overview: ['agency', 'overview'] as const,
  subordinates: (level: number | null, page: number) => ['agency', 'subordinates', level, page] as const,
  inviteRecord: (uid: number | null, page: number) => ['agency', 'invite-record', uid, page] as const,
  reward: (days: RangeDays, page: number) => ['agency', 'reward', days, page] as const,
  mechanism: ['agency', 'mechanism'] as const,
  bindRequests: ['agency', 'bind-requests'] as const,
};

/** The member's code, link, inviter and team counts. */
export function useAgencyOverview(enabled: boolean) {
  return useQuery({
    queryKey: agencyKeys.overview,
    enabled,
    queryFn: async ({ signal }) => (await apiGet<AgencyOverview>(API.agency.overview, {}, signal)).data,
  });
}

/** Subordinates of one level (1 direct, 2-3 indirect) or of all levels when `level` is null. */
export function useSubordinates(level: number | null, page: number, enabled: boolean) {
  return useQuery({
    queryKey: agencyKeys.subordinates(level, page),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (await apiGet<Subordinates>(API.agency.subordinates, { level, page, page_size: PAGE_SIZE }, signal)).data,
  });
}

export function useInviteRecord(uid: number | null, page: number, enabled: boolean) {
  return useQuery({
    queryKey: agencyKeys.inviteRecord(uid, page),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (await apiPost<InviteRecords>(API.agency.inviteRecord, { page, page_size: PAGE_SIZE, ...(uid ? { uid } : {}) })).data,
  });
}

export function useAgencyReward(days: RangeDays, page: number, enabled: boolean) {
  return useQuery({
    queryKey: agencyKeys.reward(days, page),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async () => (await apiPost<AgencyRewards>(API.agency.reward, { days, page, page_size: PAGE_SIZE })).data,
  });
}

export type Mechanism = { recharge?: MechanismRates; betting?: MechanismRates; settlement?: MechanismSettlement };

/**
 * GET mechanism/recharge, /betting and /settlement fetched together; a part that fails is left
 * out and the rest is shown (spec section 7: "errors are swallowed").
 */
export function useMechanism() {
  return useQuery({
    queryKey: agencyKeys.mechanism,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }): Promise<Mechanism> => {
      const [recharge, betting, settlement] = await Promise.allSettled([
        apiGet<MechanismRates>(API.agency.mechanismRecharge, {}, signal),
        apiGet<MechanismRates>(API.agency.mechanismBetting, {}, signal),
        apiGet<MechanismSettlement>(API.agency.mechanismSettlement, {}, signal),
      ]);
      return {
        ...(recharge.status === 'fulfilled' ? { recharge: recharge.value.data } : {}),
        ...(betting.status === 'fulfilled' ? { betting: betting.value.data } : {}),
        ...(settlement.status === 'fulfilled' ? { settlement: settlement.value.data } : {}),
      };
    },
  });
}

export const registerSubordinate = (body: z.output<typeof subordinateRegisterBody>) =>
  apiPost<SubordinateRegistered>(API.agency.subordinateRegister, body);

/** Asks a member to join my team (the body as the shared schema reads it; the UID may travel as its digits). */
export const bindInvitee = (body: Omit<z.output<typeof agencyBindBody>, 'uid'> & { uid: number | string }) =>
  apiPost<unknown>(API.agency.bind, body);

/** I join a team by entering its agent's invite code. */
export const joinByCode = (body: z.output<typeof bindByCodeBody>) => apiPost<BindJoined>(API.agency.bindByCode, body);

/** Whether an agent's request to join its team waits for my answer (answered in the information centre). */
export function useOpenBindRequests(enabled: boolean) {
  return useQuery({
    queryKey: agencyKeys.bindRequests,
    enabled,
    queryFn: async ({ signal }) => (await apiGet<BindRequests>(API.agency.bindRequests, {}, signal)).data,
  });
}
