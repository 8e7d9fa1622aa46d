import { API } from '@casino/shared/player-api-paths';
import type { announcementListResponse, notificationListResponse, supportResponse } from '@casino/shared/schemas/info-center';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiPost } from '../../lib/api.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { getUser } from '../../lib/session.ts';
import { type UnreadCounts, unreadKeyOf } from './unread.ts';

/** The information centre's calls (spec section 7): support, notifications, announcements, read marks. */
export type SupportInfo = z.infer<typeof supportResponse>;
export type NotificationPage = z.infer<typeof notificationListResponse>;
export type NotificationEntry = NotificationPage['list'][number];
export type AnnouncementPage = z.infer<typeof announcementListResponse>;
export type AnnouncementEntry = AnnouncementPage['list'][number];

export const INFO_PAGE_SIZE = 20;
const notificationsKey = ['info', 'notifications'] as const;
const announcementsKey = ['info', 'announcements'] as const;

/** GET /api/informationcenter/support: public, the site's messaging link and channels. */
export function useSupport() {
  return useQuery({
    queryKey: ['info', 'support'],
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => (await apiGet<SupportInfo>(API.info.support, {}, signal)).data,
  });
}

/** A page number after the pages already loaded, while the list has more. */
function nextPage<T extends { total: number; page: number; page_size: number }>(last: T): number | undefined {
  return last.page * last.page_size < last.total ? last.page + 1 : undefined;
}

/** GET /api/informationcenter/notification, page by page ("load more"), newest first. */
export function useNotifications(memberId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...notificationsKey, memberId, currentLanguage()],
    enabled,
    staleTime: 0,
    initialPageParam: 1,
    getNextPageParam: nextPage,
    queryFn: async ({ pageParam, signal }) =>
      (await apiGet<NotificationPage>(API.info.notification, { page: pageParam, page_size: INFO_PAGE_SIZE }, signal)).data,
  });
}

/** GET /api/informationcenter/announcement: pinned first; keyed by reader (0: a visitor) because is_read depends on it. */
export function useAnnouncements(memberId: number) {
  return useInfiniteQuery({
    queryKey: [...announcementsKey, memberId, currentLanguage()],
    staleTime: 0,
    initialPageParam: 1,
    getNextPageParam: nextPage,
    queryFn: async ({ pageParam, signal }) =>
      (await apiGet<AnnouncementPage>(API.info.announcement, { page: pageParam, page_size: INFO_PAGE_SIZE }, signal)).data,
  });
}

type Paged<T> = InfiniteData<{ list: T[]; unread: number } & Record<string, unknown>>;

/** Marks items read in the loaded pages at once, so the dot goes away without waiting for a refetch. */
function markLoaded<T extends { id: number; is_read: boolean }>(data: Paged<T> | undefined, id: number | undefined, unread: number) {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      unread,
      list: page.list.map((item) => (id === undefined || item.id === id ? { ...item, is_read: true } : item)),
    })),
  };
}

/** POST notification/read: one ({ id }) or all ({}); the answer is the new badge count. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number | undefined) =>
      (await apiPost<UnreadCounts>(API.info.notificationRead, id === undefined ? {} : { id })).data,
    onSuccess: (counts, id) => {
      queryClient.setQueryData(unreadKeyOf(getUser().id), counts);
      queryClient.setQueriesData<Paged<NotificationEntry>>({ queryKey: notificationsKey }, (data) =>
        markLoaded(data, id, counts.notifications),
      );
    },
  });
}

/** POST announcement/read { id }: members only; the answer is the new badge count. */
export function useMarkAnnouncementRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await apiPost<UnreadCounts>(API.info.announcementRead, { id })).data,
    onSuccess: (counts, id) => {
      queryClient.setQueryData(unreadKeyOf(getUser().id), counts);
      queryClient.setQueriesData<Paged<AnnouncementEntry>>({ queryKey: announcementsKey }, (data) =>
        markLoaded(data, id, counts.announcements),
      );
    },
  });
}
