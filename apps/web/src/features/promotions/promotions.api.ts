import { API } from '@casino/shared/player-api-paths';
import type { activityDetail } from '@casino/shared/schemas/site';
import type {
  ActivityCheck,
  ActivityClaimBody,
  ActivityOverviewItem,
  ActivityState,
  ActivityType,
  ClaimResult,
  CoverHistory,
  CoverItem,
  LadderStep,
  RechargeRebateItem,
  WheelPrize,
} from '@casino/shared/schemas/promotions';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import type { z } from 'zod';
import { ApiError, apiGet, apiPost, errorMessage, isSessionError } from '../../lib/api.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { getUser, useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { refreshUser } from '../../lib/user.ts';

/** The activity engine as the player site reads it (spec section 7 "Activities"). */
export type {
  ActivityCheck,
  ActivityOverviewItem,
  ActivityState,
  ActivityType,
  ClaimResult,
  CoverHistory,
  CoverItem,
  LadderStep,
  RechargeRebateItem,
  WheelPrize,
};
export type ActivityDetail = z.infer<typeof activityDetail>;

export const HISTORY_PAGE_SIZE = 20;
/** Spec section 9: data views cover today, the last 3 days and the last 7 days. */
export const HISTORY_DAYS = [1, 3, 7] as const;
export type HistoryDays = (typeof HISTORY_DAYS)[number];

/** Every key starts with 'promotions' so one invalidation reloads everything a claim changes. */
export const promoKeys = {
  all: ['promotions'] as const,
  overview: (memberId: number) => ['promotions', 'overview', currentLanguage(), memberId] as const,
  details: () => ['promotions', 'details', currentLanguage()] as const,
  check: (type: ActivityType, memberId: number) => ['promotions', 'check', type, currentLanguage(), memberId] as const,
  history: (days: HistoryDays, page: number) => ['promotions', 'history', days, page, currentLanguage()] as const,
  cover: (days: HistoryDays | null, page: number) => ['promotions', 'cover', days, page, currentLanguage()] as const,
};

/** Spec section 7: "check payloads carry name and site, i.e. user name and site". */
function memberPayload(): { name?: string; site?: string } {
  const user = getUser();
  const site = (user.site ?? window.location.hostname).slice(0, 64);
  return user.name ? { name: user.name.slice(0, 64), site } : { site };
}

/** GET /api/activities/overview: every activity of the site with the caller's state. */
export function useActivitiesOverview() {
  const { user } = useSession();
  return useQuery({
    queryKey: promoKeys.overview(user.id),
    queryFn: async ({ signal }) => (await apiGet<ActivityOverviewItem[]>(API.activitiesOverview, {}, signal)).data ?? [],
  });
}

/** The overview entry of one activity (its operator-written title and rules), when it is on. */
export function useActivityInfo(type: ActivityType) {
  const overview = useActivitiesOverview();
  return { ...overview, item: overview.data?.find((item) => item.type === type) };
}

/** GET /api/activitydetails/get: the activities' texts and dates as the operator wrote them. */
export function useActivityDetails(enabled: boolean) {
  return useQuery({
    queryKey: promoKeys.details(),
    enabled,
    queryFn: async ({ signal }) => {
      const answer = await apiGet<ActivityDetail[] | { list?: ActivityDetail[] } | null>(API.activityDetails, {}, signal);
      const data = answer.data;
      return Array.isArray(data) ? data : (data?.list ?? []);
    },
  });
}

/** POST /api/<type>/check: the member's state, reward and the activity's own figures. */
export function useActivityCheck(type: ActivityType, enabled: boolean) {
  const { user } = useSession();
  return useQuery({
    queryKey: promoKeys.check(type, user.id),
    enabled,
    staleTime: 0,
    queryFn: async () => (await apiPost<ActivityCheck>(API.activity(type, 'check'), memberPayload())).data,
  });
}

export type ClaimOutcome = { result: ClaimResult; message: string };
/** What a page adds to a claim (the shared `activityClaimBody`): a recharge, a chest or a code. */
export type ClaimBody = Pick<NonNullable<ActivityClaimBody>, 'code'> & { id?: number; tier?: number };
type ClaimOptions = {
  /**
   * The page announces the result itself (a wheel first spins to its prize): the hook then
   * neither toasts nor reloads, and the page calls `announce` when the animation ends.
   */
  deferred?: boolean;
  /** The page shows failures itself (under its input) instead of a toast. */
  inlineErrors?: boolean;
};

/**
 * POST /api/<type>/claim. Spec section 4: after a successful claim the activity list reloads and
 * the server's "Reward claimed successfully!" shows; failures show the server's translated
 * message, and a 409 reads "USER DOES NOT EXIST" (section 8).
 */
export function useClaimActivity(type: ActivityType, options: ClaimOptions = {}) {
  const { t } = useTranslation('promo');
  const queryClient = useQueryClient();

  const announce = (message: string) => {
    toast.success(message || t('claim.success'));
    void queryClient.invalidateQueries({ queryKey: promoKeys.all });
    void refreshUser();
  };

  const mutation = useMutation({
    mutationFn: async (body: ClaimBody = {}): Promise<ClaimOutcome> => {
      const answer = await apiPost<ClaimResult>(API.activity(type, 'claim'), { ...memberPayload(), ...body });
      return { result: answer.data, message: answer.message };
    },
    onSuccess: (outcome) => {
      if (!options.deferred) announce(outcome.message);
    },
    onError: (error) => {
      if (isSessionError(error)) return;
      // A refusal can mean the state moved on (claimed elsewhere, activity ended): show the new one.
      void queryClient.invalidateQueries({ queryKey: promoKeys.all });
      if (options.inlineErrors) return;
      if (error instanceof ApiError && error.status === 409) toast.error(t('claim.user_does_not_exist'));
      else toast.error(errorMessage(error));
    },
  });
  return { ...mutation, announce };
}

/** POST /api/promotion/history: the member's activity claims, today, in 3 or in 7 days. */
export function usePromotionHistory(days: HistoryDays, page: number, enabled: boolean) {
  return useQuery({
    queryKey: promoKeys.history(days, page),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
    queryFn: async () => (await apiPost<CoverHistory>(API.promotionHistory, { days, page, page_size: HISTORY_PAGE_SIZE })).data,
  });
}

/** POST /api/cover/history: every bonus credited, with the turnover still owed (ml_money). */
export function useCoverHistory(days: HistoryDays | null, page: number, enabled: boolean) {
  return useQuery({
    queryKey: promoKeys.cover(days, page),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (await apiPost<CoverHistory>(API.coverHistory, { ...(days ? { days } : {}), page, page_size: HISTORY_PAGE_SIZE })).data,
  });
}
