import { API } from '@casino/shared/api-paths';
import type {
  AdminAnnouncement,
  AdminAnnouncementCreateBody,
  AdminAnnouncementUpdateBody,
  AdminNotificationItem,
  AdminNotificationSendBody,
  AdminNotificationSent,
  AnnouncementState,
} from '@casino/shared/schemas/info-center-admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Page } from '../../../lib/types';

/** The back office's information centre: operator notes and announcements (permission info.manage). */
export type { AdminAnnouncement, AdminNotificationItem, AnnouncementState };

export const INFO_PAGE_SIZE = 20;

const notificationsKey = ['admin', 'notifications'] as const;
const announcementsKey = ['admin', 'announcements'] as const;
const auditKey = ['admin', 'audit'] as const;

export function useSentNotifications(page: number) {
  return useQuery({
    queryKey: [...notificationsKey, page],
    queryFn: async ({ signal }) =>
      (await api.get<Page<AdminNotificationItem>>(API.admin.notifications, { page, page_size: INFO_PAGE_SIZE }, signal)).data,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/notifications: to one member or to all members of the site. */
export function useSendNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AdminNotificationSendBody) => api.post<AdminNotificationSent>(API.admin.notifications, body),
    meta: { toastErrors: false },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationsKey }),
        queryClient.invalidateQueries({ queryKey: auditKey }),
      ]);
    },
  });
}

export type AnnouncementFilters = { state: AnnouncementState | ''; page: number };

export function useAnnouncements(filters: AnnouncementFilters) {
  return useQuery({
    queryKey: [...announcementsKey, filters],
    queryFn: async ({ signal }) =>
      (
        await api.get<Page<AdminAnnouncement>>(
          API.admin.announcements,
          { state: filters.state, page: filters.page, page_size: INFO_PAGE_SIZE },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

async function refreshAnnouncements(queryClient: ReturnType<typeof useQueryClient>) {
  await Promise.all([queryClient.invalidateQueries({ queryKey: announcementsKey }), queryClient.invalidateQueries({ queryKey: auditKey })]);
}

/** Creates (no id) or changes (id) an announcement. */
export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: AdminAnnouncementCreateBody & AdminAnnouncementUpdateBody }) =>
      id === null
        ? api.post<AdminAnnouncement>(API.admin.announcements, body)
        : api.patch<AdminAnnouncement>(API.admin.announcement(id), body),
    meta: { toastErrors: false },
    onSuccess: () => refreshAnnouncements(queryClient),
  });
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => api.delete<{ id: number }>(API.admin.announcement(id)),
    meta: { toastErrors: false },
    onSuccess: () => refreshAnnouncements(queryClient),
  });
}
