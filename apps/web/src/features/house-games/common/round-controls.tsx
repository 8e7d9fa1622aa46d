import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/button.tsx';
import { useTranslation } from '../../../lib/translation.ts';
import { houseGet, requireLogin } from './house-api.ts';

/**
 * What the stateful house games (mines, Hi-Lo, video poker, blackjack) share on screen: the open
 * round that comes back after a closed tab, and the three big buttons of their controls.
 */

/**
 * Asks the server for the member's open round of a game once logged in and hands it to `resume`
 * (a closed tab or a lost connection picks up where it stopped). Nothing happens without a round,
 * nor when the screen already holds one: an answer that arrives after the player has bet or
 * played again is older than what the screen shows, and must not take a revealed tile back.
 */
export function useResumeRound<R>(path: string, loggedIn: boolean, shown: R | null, resume: (round: R) => void): void {
  const latest = useRef({ resume, shown });
  latest.current = { resume, shown };
  useEffect(() => {
    if (!loggedIn) return;
    let alive = true;
    houseGet<{ round: R | null }>(path)
      .then((answer) => {
        if (!alive || !answer.round || latest.current.shown !== null) return;
        latest.current.resume(answer.round);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [path, loggedIn]);
}

/** A visitor's button in place of the bet: opens the login. */
export function LoginToBetButton() {
  const { t } = useTranslation('play');
  return (
    <Button size="lg" block onClick={requireLogin} className="h-14">
      {t('common.login_to_bet')}
    </Button>
  );
}

/** The button that stakes and opens a round. */
export function OpenRoundButton({
  loading,
  disabled,
  onClick,
  testId,
  children,
}: {
  loading: boolean;
  disabled?: boolean;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button
      variant="money"
      size="lg"
      block
      loading={loading}
      disabled={disabled}
      onClick={onClick}
      className="h-14 text-base"
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

/** The cash-out button: its label over the amount it would pay (or why it cannot yet). */
export function CashOutButton({
  loading,
  disabled,
  onClick,
  testId,
  label,
  detail,
}: {
  loading: boolean;
  disabled: boolean;
  onClick: () => void;
  testId: string;
  label: string;
  detail: string;
}) {
  return (
    <Button
      variant="gold"
      size="lg"
      block
      loading={loading}
      disabled={disabled}
      onClick={onClick}
      className="h-14 flex-col gap-0"
      data-testid={testId}
    >
      <span className="text-base">{label}</span>
      <span className="text-xs font-bold tabular-nums">{detail}</span>
    </Button>
  );
}
