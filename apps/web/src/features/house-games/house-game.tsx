import { HOUSE_GAME_CODES, type HouseGameCode } from '@casino/shared/schemas/games';
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../components/button.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { loadPlayNamespace } from '../../lib/i18n.ts';

type GameModule = { default: ComponentType<{ onExit: () => void }> };

/** One chunk per game: only the game being opened is downloaded. */
const modules = import.meta.glob<GameModule>('./*/*-game.tsx');

const GAME_FILES: Record<HouseGameCode, string> = {
  crash: './crash/crash-game.tsx',
  double: './double/double-game.tsx',
  dice: './dice/dice-game.tsx',
  mines: './mines/mines-game.tsx',
  plinko: './plinko/plinko-game.tsx',
  'fruit-frenzy': './slot-fruit/fruit-game.tsx',
  'carnaval-20': './slot-carnaval/carnaval-game.tsx',
  roulette: './roulette/roulette-game.tsx',
  blackjack: './blackjack/blackjack-game.tsx',
  'video-poker': './video-poker/video-poker-game.tsx',
  baccarat: './baccarat/baccarat-game.tsx',
  'bac-bo': './bac-bo/bac-bo-game.tsx',
  keno: './keno/keno-game.tsx',
  'hi-lo': './hi-lo/hi-lo-game.tsx',
  limbo: './limbo/limbo-game.tsx',
  'live-roulette': './live-roulette/live-roulette-game.tsx',
  'live-bac-bo': './live-bac-bo/live-bac-bo-game.tsx',
  'bingo-75': './bingo/bingo-game.tsx',
  'bingo-90': './bingo/bingo-game.tsx',
};

const isHouseCode = (code: string): code is HouseGameCode => (HOUSE_GAME_CODES as readonly string[]).includes(code);

function Centered({ children }: { children: ReactNode }) {
  return <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-ink px-6 text-center text-white">{children}</div>;
}

function Unavailable({ onExit, onRetry }: { onExit: () => void; onRetry?: () => void }) {
  const { t } = useTranslation('play');
  return (
    <Centered>
      <p className="max-w-xs text-soft" data-testid="house-game-unavailable">
        {t('common.unavailable')}
      </p>
      <div className="flex gap-2">
        {onRetry ? (
          <Button variant="ghost" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : null}
        <Button onClick={onExit}>{t('common.back')}</Button>
      </div>
    </Centered>
  );
}

/** A failed chunk download (a new deploy, a lost connection) offers a retry instead of a blank page. */
/** Remounted with a new key on retry, which clears the failure. */
class ChunkBoundary extends Component<{ fallback: () => ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback() : this.props.children;
  }
}

/**
 * A house game by code, full screen: loads the `play` catalogue, then the game's own chunk.
 * Rendered by /gameInfo?code=<code> after the hand-off (POST /api/day7/day7LoginV2).
 */
export function HouseGame({ code, onExit }: { code: string; onExit: () => void }) {
  const [ready, setReady] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    void loadPlayNamespace().finally(() => {
      if (alive) setReady(true);
    });
    return () => {
      alive = false;
    };
  }, []);

  const Game = useMemo(() => {
    const loader = isHouseCode(code) ? modules[GAME_FILES[code]] : undefined;
    // `attempt` makes a retry request the chunk again instead of reusing the failed promise.
    return loader && attempt >= 0 ? lazy(loader) : null;
  }, [code, attempt]);

  if (!ready) {
    return (
      <Centered>
        <LoadingBlock label="…" />
      </Centered>
    );
  }
  if (!Game) return <Unavailable onExit={onExit} />;
  return (
    <ChunkBoundary key={attempt} fallback={() => <Unavailable onExit={onExit} onRetry={() => setAttempt((n) => n + 1)} />}>
      <Suspense
        fallback={
          <Centered>
            <LoadingBlock label="…" />
          </Centered>
        }
      >
        <Game onExit={onExit} />
      </Suspense>
    </ChunkBoundary>
  );
}

export default HouseGame;
