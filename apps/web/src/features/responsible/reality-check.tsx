import { moneyStringToCentavos } from '@casino/shared/money';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button.tsx';
import { Modal } from '../../components/modal.tsx';
import { loadCareNamespace } from '../../lib/i18n.ts';
import { logout } from '../../lib/user.ts';
import { nextRealityCheckAt, splitDuration } from './care-math.ts';
import { money, useCareTranslation } from './care-ui.tsx';
import { type ResponsibleStatus, useResponsibleStatus } from './responsible.api.ts';

/** The last check the member answered, per session start, so a reload does not ask again at once. */
const ANSWERED_KEY = 'reality_check_answered';
/** A timer far in the future is clamped by browsers; we wake at least this often and look again. */
const MAX_WAIT_MS = 10 * 60_000;

function answeredAt(startedAt: string): number | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(ANSWERED_KEY) ?? 'null') as { s: string; at: number } | null;
    return stored && stored.s === startedAt ? stored.at : null;
  } catch {
    return null;
  }
}

function rememberAnswer(startedAt: string, at: number): void {
  try {
    sessionStorage.setItem(ANSWERED_KEY, JSON.stringify({ s: startedAt, at }));
  } catch {
    // Without storage the next check is still timed from the session start.
  }
}

/** The summary dialog: time this session, stakes, wins, net; continue or leave. */
function RealityCheckDialog({ session, onContinue }: { session: NonNullable<ResponsibleStatus['session']>; onContinue: () => void }) {
  const { t } = useCareTranslation();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const { hours, minutes } = splitDuration(session.seconds);
  const net = moneyStringToCentavos(session.net) ?? 0;
  const leave = async () => {
    setLeaving(true);
    await logout();
    navigate('/', { replace: true });
  };
  const rows: [string, string, string][] = [
    [t('reality.stakes'), money(moneyStringToCentavos(session.stakes) ?? 0), 'text-white'],
    [t('reality.wins'), money(moneyStringToCentavos(session.wins) ?? 0), 'text-white'],
    [t('reality.net'), money(net), net > 0 ? 'text-money' : net < 0 ? 'text-danger' : 'text-white'],
  ];
  return (
    <Modal title={t('reality.dialog_title')} onClose={onContinue} size="sm">
      <div className="flex flex-col gap-4 pb-1" data-testid="reality-check">
        <p className="text-[15px] text-soft">
          {hours > 0 ? t('reality.played_hm', { hours, minutes }) : t('reality.played_m', { minutes })}
        </p>
        <dl className="grid grid-cols-3 gap-2 rounded-xl bg-ink/50 p-3 text-center">
          {rows.map(([label, value, tone]) => (
            <div key={label} className="flex min-w-0 flex-col gap-0.5">
              <dt className="truncate text-[11px] text-muted">{label}</dt>
              <dd className={`truncate text-sm font-bold tabular-nums ${tone}`}>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-[13px] text-muted">{t('reality.dialog_hint')}</p>
        <div className="grid grid-cols-2 gap-3">
          <Button variant="ghost" onClick={() => void leave()} loading={leaving}>
            {t('reality.leave')}
          </Button>
          <Button onClick={onContinue} disabled={leaving}>
            {t('reality.continue')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/**
 * Mounted once for a logged-in member (lazily, from the app shell): reads the member's interval
 * and session, sleeps until the next multiple of the interval after the session's start, then
 * reads the session's figures again and shows them. The catalogue loads only when it is shown.
 */
export default function RealityCheck() {
  const status = useResponsibleStatus(true);
  const [due, setDue] = useState(false);
  const [answered, setAnswered] = useState(0);
  const minutes = status.data?.reality_check_minutes ?? 0;
  const startedAt = status.data?.session?.started_at ?? '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: `answered` re-arms the timer after a check
  useEffect(() => {
    if (!startedAt || minutes <= 0 || due) return;
    const start = Date.parse(startedAt);
    const next = nextRealityCheckAt(start, minutes, answeredAt(startedAt));
    if (next === null) return;
    const wait = next - Date.now();
    const timer = window.setTimeout(
      () => {
        if (Date.now() >= next) {
          void loadCareNamespace()
            .then(() => status.refetch())
            .then(() => setDue(true));
        } else setAnswered((n) => n + 1);
      },
      Math.min(Math.max(wait, 0), MAX_WAIT_MS),
    );
    return () => window.clearTimeout(timer);
  }, [startedAt, minutes, due, answered]);

  const session = status.data?.session;
  if (!due || !session) return null;
  return (
    <RealityCheckDialog
      session={session}
      onContinue={() => {
        rememberAnswer(session.started_at, Date.now());
        setDue(false);
        setAnswered((n) => n + 1);
      }}
    />
  );
}
