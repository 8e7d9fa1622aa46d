import { API } from '@casino/shared/api-paths';
import type {
  AdminActivities,
  AdminActivity,
  AdminBonusCredits,
  AdminRedeemCode,
  PromotionsReport,
  SiteProfile,
} from '@casino/shared/schemas/promotions-admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Page } from '../../../lib/types';

/** The back office's promotions calls (shared contract: @casino/shared/schemas/promotions-admin). */

const activitiesKey = ['admin', 'activities'] as const;
const creditsKey = ['admin', 'bonus-credits'] as const;
const reportKey = ['admin', 'promotions-report'] as const;
const codesKey = ['admin', 'redeem-codes'] as const;
const auditKey = ['admin', 'audit'] as const;

export const CLAIMS_PAGE_SIZE = 25;
export const CODES_PAGE_SIZE = 25;

export function useAdminActivities() {
  return useQuery({
    queryKey: activitiesKey,
    queryFn: async ({ signal }) => (await api.get<AdminActivities>(API.admin.activities, undefined, signal)).data,
  });
}

/** activityUpdateBody: `config` holds the module's own JSON (centavos and basis points as integers). */
export type ActivityUpdate = Partial<{
  enabled: boolean;
  sort: number;
  starts_at: string | null;
  ends_at: string | null;
  min_vip_level: number;
  wagering_multiple: number;
  deposit_linked: boolean;
  titles: Record<string, string>;
  contents: Record<string, string>;
  config: Record<string, unknown>;
}>;

export function useUpdateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, update }: { id: number; update: ActivityUpdate }) => api.patch<AdminActivity>(API.admin.activity(id), update),
    meta: { toastErrors: false },
    onSuccess: async ({ data }) => {
      // The row changes in place at once; the list refetches behind it.
      queryClient.setQueryData<AdminActivities>(activitiesKey, (current) =>
        current ? { ...current, list: current.list.map((item) => (item.id === data.id ? data : item)) } : current,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: activitiesKey }),
        queryClient.invalidateQueries({ queryKey: auditKey }),
      ]);
    },
  });
}

/** The site's promotion switches (PATCH /api/admin/site/profile): the regulated profile, bonus stacking. */
export function useSetRegulated() {
  return useSetSiteProfile((regulated: boolean) => ({ regulated }));
}

/** Off: one bonus per deposit (the member's choice, else the first claimed); on: bonuses stack. */
export function useSetBonusStacking() {
  return useSetSiteProfile((bonus_stacking: boolean) => ({ bonus_stacking }));
}

function useSetSiteProfile(body: (on: boolean) => { regulated?: boolean; bonus_stacking?: boolean }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean) => api.patch<SiteProfile>(API.admin.siteProfile, body(on)),
    meta: { toastErrors: false },
    onSuccess: async ({ data }) => {
      queryClient.setQueryData<AdminActivities>(activitiesKey, (current) =>
        current
          ? {
              ...current,
              site: data,
              list: current.list.map((item) => ({ ...item, blocked_by_regulation: data.regulated && item.deposit_linked })),
            }
          : current,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: activitiesKey }),
        queryClient.invalidateQueries({ queryKey: auditKey }),
      ]);
    },
  });
}

export type ClaimFilters = { source: string; member: string; from: string; to: string; page: number };

export function useBonusCredits(filters: ClaimFilters) {
  return useQuery({
    queryKey: [...creditsKey, filters],
    queryFn: async ({ signal }) =>
      (
        await api.get<AdminBonusCredits>(
          API.admin.bonusCredits,
          { ...filters, member: filters.member.trim(), page_size: CLAIMS_PAGE_SIZE },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

export type ReportFilters = { from: string; to: string };

export function usePromotionsReport(filters: ReportFilters) {
  return useQuery({
    queryKey: [...reportKey, filters],
    queryFn: async ({ signal }) => (await api.get<PromotionsReport>(API.admin.promotionsReport, filters, signal)).data,
    placeholderData: keepPreviousData,
  });
}

export type CodeFilters = { code: string; enabled: '' | '1' | '0'; page: number };

export function useRedeemCodes(filters: CodeFilters) {
  return useQuery({
    queryKey: [...codesKey, filters],
    queryFn: async ({ signal }) =>
      (
        await api.get<Page<AdminRedeemCode>>(
          API.admin.redeemCodes,
          { ...filters, code: filters.code.trim(), page_size: CODES_PAGE_SIZE },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** redeemCodeCreateBody: the amount in reais ("10.00"). */
export type RedeemCodeCreate = {
  code: string;
  amount: string;
  wagering_multiple: number;
  max_uses: number;
  min_vip_level: number;
  starts_at: string | null;
  ends_at: string | null;
  enabled: boolean;
};

export type RedeemCodeUpdate = Partial<{
  enabled: boolean;
  max_uses: number;
  min_vip_level: number;
  starts_at: string | null;
  ends_at: string | null;
}>;

function useCodesMutation<V>(call: (variables: V) => Promise<{ data: AdminRedeemCode; message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { toastErrors: false },
    onSuccess: async ({ data }) => {
      queryClient.setQueriesData<Page<AdminRedeemCode>>({ queryKey: codesKey }, (page) =>
        page ? { ...page, list: page.list.map((code) => (code.id === data.id ? data : code)) } : page,
      );
      await Promise.all([queryClient.invalidateQueries({ queryKey: codesKey }), queryClient.invalidateQueries({ queryKey: auditKey })]);
    },
  });
}

export function useCreateRedeemCode() {
  return useCodesMutation((input: RedeemCodeCreate) => api.post<AdminRedeemCode>(API.admin.redeemCodes, input));
}

export function useUpdateRedeemCode() {
  return useCodesMutation(({ id, update }: { id: number; update: RedeemCodeUpdate }) =>
    api.patch<AdminRedeemCode>(API.admin.redeemCode(id), update),
  );
}
