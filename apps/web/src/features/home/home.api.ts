import { API } from '@casino/shared/player-api-paths';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api.ts';
import { currentLanguage } from '../../lib/i18n.ts';

export type Activity = {
  id: number;
  type: string;
  title: string;
  content: string;
  image_url: string | null;
  starts_at: string | null;
  ends_at: string | null;
  sort: number;
};

/** GET /api/activitydetails/get?lang= : a list, or a page of one. */
export function useActivities() {
  return useQuery({
    queryKey: ['activities', currentLanguage()],
    queryFn: async ({ signal }) => {
      const answer = await apiGet<Activity[] | { list?: Activity[] } | null>(API.activityDetails, {}, signal);
      const data = answer.data;
      const list = Array.isArray(data) ? data : (data?.list ?? []);
      return [...list].sort((a, b) => a.sort - b.sort);
    },
  });
}
