import { ADMIN_API } from './admin-api-paths.ts';
import { API as PLAYER_API } from './player-api-paths.ts';

/**
 * Every API path: the player site's (player-api-paths.ts, exactly as the spec writes them in
 * section 7 where it names one) and the back office's under `admin` (admin-api-paths.ts). The
 * player site imports player-api-paths.ts alone; add a path to the file of the app that calls it.
 */
export const API = { ...PLAYER_API, admin: ADMIN_API } as const;
