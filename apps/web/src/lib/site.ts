import { API } from '@casino/shared/player-api-paths';
import type { z } from 'zod';
import type { siteData } from '@casino/shared/schemas/site';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './api.ts';

export type SiteInfo = z.infer<typeof siteData>;

/** The site's public data (brand, support, licence): read once per visit, it changes with a deploy. */
export function useSiteInfo() {
  return useQuery({
    queryKey: ['site', 'info'],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => (await apiGet<SiteInfo>(API.dynamicWebs)).data,
  });
}
