import { Navigate, useSearchParams } from 'react-router';
import { GameInfoPage } from '../features/games/game-info-page.tsx';
import { HouseGame } from '../features/house-games/house-game.tsx';

/** Catalogue codes that open a site section instead of a game: the sportsbook and its virtual league. */
const SECTION_HAND_OFF: Record<string, string> = {
  sportsbook: '/sports',
  'virtual-football': '/sports/virtual',
};

/**
 * /gameInfo: the games feature's hand-off page with the house games wired in here, at app level,
 * because one feature never imports another. The sportsbook's codes go to its own pages.
 */
export function GameInfoRoute() {
  const [params] = useSearchParams();
  const section = SECTION_HAND_OFF[(params.get('code') ?? '').trim()];
  if (section) return <Navigate to={section} replace />;
  return <GameInfoPage renderHouseGame={(code, onExit) => <HouseGame code={code} onExit={onExit} />} />;
}
