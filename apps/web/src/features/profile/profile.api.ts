import { API } from '@casino/shared/player-api-paths';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api.ts';

export type AvatarItem = { id: string; url: string };
export type ProfilePictures = { males: AvatarItem[]; females: AvatarItem[] };

/** GET /api/profilepictures: the avatars a member can choose from. */
export function useProfilePictures(enabled: boolean) {
  return useQuery({
    queryKey: ['profile-pictures'],
    enabled,
    staleTime: 10 * 60_000,
    queryFn: async ({ signal }) => (await apiGet<ProfilePictures>(API.profilePictures, {}, signal)).data,
  });
}

/** POST /api/profilepictures/set with the chosen avatar's id. */
export const setProfilePicture = (id: string) => apiPost<unknown>(API.profilePictureSet, { profileurl: id });
