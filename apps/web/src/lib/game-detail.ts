import { API } from '@casino/shared/player-api-paths';
import type { GameItem } from '@casino/shared/schemas/games';
import { apiGet } from './api.ts';
import { currentLanguage } from './i18n.ts';

/**
 * GET /api/games/detail?code=: the game's card (name, artwork) before it is launched. The game page
 * reads it (features/games/game-info-page.tsx), and a visit that starts at /gameInfo asks for it
 * beside the page's code (app/router.tsx, preloadFirstPage) instead of after the page's first render.
 */
export function gameDetailQuery(code: string) {
  return {
    queryKey: ['games', 'detail', code, currentLanguage()],
    enabled: code !== '',
    retry: false,
    queryFn: async ({ signal }: { signal: AbortSignal }) => (await apiGet<GameItem>(API.games.detail, { code }, signal)).data,
  } as const;
}
