import { GameInfoPage } from '../features/games/game-info-page.tsx';
import { HouseGame } from '../features/house-games/house-game.tsx';

/**
 * /gameInfo: the games feature's hand-off page with the house games wired in here, at app level,
 * because one feature never imports another.
 */
export function GameInfoRoute() {
  return <GameInfoPage renderHouseGame={(code, onExit) => <HouseGame code={code} onExit={onExit} />} />;
}
