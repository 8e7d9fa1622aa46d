import type { GameItem } from '@casino/shared/schemas/games';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { GameArt } from '../../components/game-tile.tsx';
import { AlertIcon, ChevronLeftIcon, LockIcon, RefreshIcon } from '../../components/icons.tsx';
import { LiveWinsStrip } from '../../components/live-wins-strip.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { formatMoney } from '../../lib/format.ts';
import { gameDetailQuery } from '../../lib/game-detail.ts';
import { openLogin, openRegister } from '../../lib/modals.ts';
import { subscribe } from '../../lib/realtime.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useGameLaunch, usePlatformBalance } from './games.api.ts';

export type RenderHouseGame = (code: string, onExit: () => void) => ReactNode;

/** A lost connection or a server fault may pass; an unknown or disabled game will not. */
const isRetryable = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

/** Back to where the player came from inside the site, or home when the game was opened directly. */
function useExit(): () => void {
  const navigate = useNavigate();
  return () => {
    const state = window.history.state as { idx?: number } | null;
    if ((state?.idx ?? 0) > 0) navigate(-1);
    else navigate('/', { replace: true });
  };
}

/** GET /api/games/detail?code=: the game's card (name, artwork) before it is launched. */
function useGameDetail(code: string) {
  return useQuery(gameDetailQuery(code));
}

function BackButton({ onExit }: { onExit: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onExit}
      className="flex h-9 shrink-0 items-center gap-1 rounded-full pr-3 pl-1.5 text-sm font-medium text-soft hover:bg-surface-2 hover:text-white"
    >
      <ChevronLeftIcon size={20} />
      {t('common.back')}
    </button>
  );
}

/** The full-screen frame around a message (log in, loading, failure) before the game shows. */
function Stage({ game, onExit, children }: { game: GameItem | undefined; onExit: () => void; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-ink">
      <header className="flex h-12 items-center gap-2 border-b border-white/5 bg-night/90 px-2">
        <BackButton onExit={onExit} />
        <span className="min-w-0 flex-1 truncate text-center text-sm font-semibold text-white">{game?.name ?? ''}</span>
        <span className="w-[76px] shrink-0" aria-hidden="true" />
      </header>
      <main className="flex flex-1 flex-col items-center justify-center gap-5 px-6 py-8 text-center">
        {game ? (
          <div className="relative aspect-[3/4] w-36 overflow-hidden rounded-2xl border border-line shadow-2xl">
            <GameArt game={game} eager />
          </div>
        ) : null}
        {children}
      </main>
    </div>
  );
}

/** The balance the game plays with, refreshed when the server pushes a balance change. */
function PlayBalance({ platType }: { platType: string }) {
  const { t } = useTranslation();
  const balance = usePlatformBalance(platType, true);
  const { refetch } = balance;
  useEffect(() => subscribe((message) => (message.type === 'balance' ? void refetch() : undefined)), [refetch]);
  return (
    <button
      type="button"
      onClick={() => void balance.refetch()}
      className="flex h-8 shrink-0 items-center gap-1.5 rounded-full border border-line bg-surface pr-2 pl-3 text-sm font-semibold text-gold tabular-nums"
      aria-label={t('games.info.balance')}
      data-testid="game-balance"
    >
      {balance.data ? formatMoney(balance.data.balance) : '—'}
      <RefreshIcon size={14} className={`text-muted ${balance.isFetching ? 'animate-spin' : ''}`} />
    </button>
  );
}

/** An external provider's game in a full-screen frame under a thin bar (back, name, balance). */
function ProviderFrame({ game, url, onExit }: { game: GameItem; url: string; onExit: () => void }) {
  return (
    <div className="fixed inset-0 flex flex-col bg-black">
      <header className="flex h-11 shrink-0 items-center gap-2 border-b border-white/5 bg-night px-2">
        <BackButton onExit={onExit} />
        <span className="min-w-0 flex-1 truncate text-center text-sm font-semibold text-white">{game.name}</span>
        <PlayBalance platType={game.plat_type} />
      </header>
      <iframe
        src={url}
        title={game.name}
        allow="fullscreen; autoplay"
        allowFullScreen
        className="min-h-0 w-full flex-1 border-0 bg-black"
        data-testid="provider-frame"
      />
      <LiveWinsStrip variant="bar" />
    </div>
  );
}

/** A member: launch (POST /api/day7/day7LoginV2), then the provider's frame or the house game. */
function LaunchedGame({
  code,
  game,
  onExit,
  renderHouseGame,
}: {
  code: string;
  game: GameItem | undefined;
  onExit: () => void;
  renderHouseGame: RenderHouseGame;
}) {
  const { t } = useTranslation();
  const launch = useGameLaunch(code, true);
  if (launch.isPending) {
    return (
      <Stage game={game} onExit={onExit}>
        <p className="flex items-center gap-2 text-soft" role="status">
          <Spinner size={18} className="text-gold" />
          {game ? t('games.info.opening_name', { name: game.name }) : t('games.info.opening')}
        </p>
      </Stage>
    );
  }
  if (launch.isError) {
    return (
      <Stage game={game} onExit={onExit}>
        <AlertIcon size={32} className="text-danger" />
        <p className="max-w-xs text-[15px] text-soft" data-testid="game-launch-error">
          {errorMessage(launch.error)}
        </p>
        <div className="flex gap-2">
          <Button variant="ghost" onClick={onExit}>
            {t('common.back')}
          </Button>
          {isRetryable(launch.error) ? <Button onClick={() => void launch.refetch()}>{t('common.retry')}</Button> : null}
        </div>
      </Stage>
    );
  }
  if (launch.data.mode === 'house') return <>{renderHouseGame(launch.data.game.code, onExit)}</>;
  return <ProviderFrame game={launch.data.game} url={launch.data.url} onExit={onExit} />;
}

/**
 * /gameInfo?code=, outside the layout: the hand-off into a game, full screen with a way back.
 * A visitor is asked to log in first. House games are drawn by `renderHouseGame` (the app wires
 * the house-games feature in, so this feature does not import another).
 */
export function GameInfoPage({ renderHouseGame }: { renderHouseGame: RenderHouseGame }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  const loggedIn = useIsLoggedIn();
  const onExit = useExit();
  const detail = useGameDetail(code);
  const game = detail.data;
  usePageTitle(game?.name ?? t('pages.game_info'));

  if (!code) {
    return (
      <Stage game={undefined} onExit={onExit}>
        <p className="text-soft">{t('common.wrong_type')}</p>
      </Stage>
    );
  }
  if (!loggedIn) {
    return (
      <Stage game={game} onExit={onExit}>
        <span className="flex size-12 items-center justify-center rounded-full bg-gold/10 text-gold">
          <LockIcon size={24} />
        </span>
        <p className="max-w-xs text-[15px] text-soft" data-testid="game-login-required">
          {t('session.not_logged_in')}
        </p>
        <div className="flex w-full max-w-xs flex-col gap-2">
          <Button block onClick={openLogin}>
            {t('header.login')}
          </Button>
          <Button block variant="ghost" onClick={openRegister}>
            {t('header.register')}
          </Button>
        </div>
      </Stage>
    );
  }
  return <LaunchedGame key={code} code={code} game={game} onExit={onExit} renderHouseGame={renderHouseGame} />;
}
