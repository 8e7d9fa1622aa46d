import { API } from '@casino/shared/player-api-paths';
import type { RainClaimResult, RainCurrent } from '@casino/shared/schemas/rain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { ApiError, apiGet, apiPost, errorMessage, isSessionError } from '../../lib/api.ts';
import { formatMoney } from '../../lib/format.ts';
import { currentLanguage, htmlLangOf, loadCommunityNamespace } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/translation.ts';

/**
 * The chat rain (issue 15 item 2) above the chat: the next rain's countdown and pot, whether the
 * member may have a share and why not, the claim button while the window is open, and what the
 * member received. Reads GET /api/rain/current: every 30 s, every 3 s from a minute before the
 * rain until it is paid. The chat socket's `{ type: 'rain' }` messages refresh it at once when the
 * chat passes them on (`invalidateRain`).
 */
export const RAIN_KEY = ['rain', 'current'] as const;

/** Refreshes the card at once (the chat panel calls it on a `{ type: 'rain' }` message). */
export function invalidateRain(queryClient: ReturnType<typeof useQueryClient>): void {
  void queryClient.invalidateQueries({ queryKey: RAIN_KEY });
}

const SOON_MS = 90_000;
/** How long the card keeps showing a share received. */
const RECENT_SHARE_MS = 10 * 60_000;

function useNow(stepMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), stepMs);
    return () => clearInterval(timer);
  }, [stepMs]);
  return now;
}

function useCommunity(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    loadCommunityNamespace()
      .then(() => live && setReady(true))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

/** "4:59:12" or "0:42": hours only when there are some. */
function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

function formatTime(iso: string): string {
  return new Intl.DateTimeFormat(htmlLangOf(currentLanguage()), { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

function RainIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d="M7 15a4 4 0 0 1-.6-7.95A5.5 5.5 0 0 1 17 7.5a3.75 3.75 0 0 1 .5 7.5H7Z" strokeLinejoin="round" />
      <path d="M8 18.5 7 21M12 18.5 11 21M16 18.5 15 21" strokeLinecap="round" />
    </svg>
  );
}

export function RainCard({ className = '' }: { className?: string }) {
  const ready = useCommunity();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const now = useNow();
  const { data, isError } = useQuery({
    queryKey: [...RAIN_KEY, token ?? 'visitor'],
    queryFn: async ({ signal }) => (await apiGet<RainCurrent>(API.rain.current, { lang: currentLanguage() }, signal)).data,
    refetchInterval: (query) => {
      const rain = query.state.data;
      if (!rain) return 30_000;
      const running = rain.rain?.phase === 'announced' || rain.rain?.phase === 'open';
      const soon = rain.next_at !== null && Date.parse(rain.next_at) - Date.now() < SOON_MS;
      return running || soon ? 3_000 : 30_000;
    },
    refetchOnWindowFocus: true,
  });
  const claim = useMutation({
    mutationFn: async (rainId: number) =>
      (await apiPost<RainClaimResult>(API.rain.claim, { rain_id: rainId, lang: currentLanguage() })).message,
    onSuccess: (message) => {
      toast.success(message);
      invalidateRain(queryClient);
    },
    onError: (error) => {
      if (!isSessionError(error)) toast.error(errorMessage(error));
      if (error instanceof ApiError && error.status === 409) invalidateRain(queryClient);
    },
  });
  const { t } = useTranslation('community', { keyPrefix: 'rain' });
  if (!ready || isError || !data) return null;

  const rain = data.rain;
  const open = rain?.phase === 'open' && Date.parse(rain.closes_at) > now;
  const announced = rain?.phase === 'announced';
  const ended = rain && (rain.phase === 'paid' || rain.phase === 'cancelled');
  // The share of this rain, or of one paid in the last minutes (the next rain may already be announced).
  const receivedThis =
    data.received && ((rain && data.received.rain_id === rain.id) || now - Date.parse(data.received.paid_at) < RECENT_SHARE_MS)
      ? data.received
      : null;

  let headline: string;
  if (!data.enabled) headline = t('off');
  else if (open) headline = t('open_until', { time: countdown(Date.parse(rain.closes_at) - now) });
  else if (announced) headline = t('starts_in', { time: countdown(Date.parse(rain.at) - now) });
  else if (data.next_at) headline = t('next_in', { time: countdown(Date.parse(data.next_at) - now) });
  else headline = t('off');

  return (
    <section
      aria-label={t('title')}
      data-testid="rain-card"
      data-phase={rain?.phase ?? 'scheduled'}
      className={`rounded-2xl border p-3 text-sm ${open || announced ? 'border-gold/60 bg-gold/10' : 'border-line/70 bg-surface'} ${className}`}
    >
      <div className="flex items-center gap-3">
        <span
          className={`flex size-9 shrink-0 items-center justify-center rounded-full ${open ? 'bg-gold text-ink' : 'bg-surface-2 text-gold'}`}
        >
          <RainIcon />
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-semibold text-white">{t('title')}</span>
            {data.enabled && (
              <span className="tabular-nums font-semibold text-money" data-testid="rain-pot">
                {formatMoney(data.pot)}
              </span>
            )}
          </p>
          <p className="tabular-nums text-soft" data-testid="rain-countdown" aria-live="polite">
            {headline}
          </p>
        </div>
        {open && token && data.mode === 'claim' && !data.claimed && data.eligible && (
          <Button size="sm" loading={claim.isPending} onClick={() => claim.mutate(rain.id)} data-testid="rain-claim">
            {t('claim')}
          </Button>
        )}
      </div>

      {data.enabled && (
        <div className="mt-2 space-y-1 text-[13px]">
          {!token && <p className="text-muted">{t('visitor')}</p>}
          {token && data.claimed && !ended && (
            <p className="text-money" data-testid="rain-claimed">
              {t('claimed', { time: rain ? formatTime(rain.closes_at) : '' })}
            </p>
          )}
          {token && !data.claimed && data.eligible === true && !open && !ended && (
            <p className="text-money" data-testid="rain-eligible">
              {data.mode === 'claim' ? t('eligible_claim') : t('eligible_auto')}
            </p>
          )}
          {token && data.eligible === false && !receivedThis && (
            <div data-testid="rain-not-eligible">
              <p className="text-muted">{t('not_eligible')}</p>
              <ul className="mt-1 list-disc space-y-0.5 pl-5 text-soft">
                {data.reasons.map((reason) => (
                  <li key={reason.code} data-reason={reason.code}>
                    {reason.message}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {receivedThis && (
            <p className="font-semibold text-money" data-testid="rain-received">
              {t('received', { amount: formatMoney(receivedThis.amount) })}
            </p>
          )}
          {ended && !receivedThis && rain.phase === 'paid' && <p className="text-muted">{t('ended', { count: rain.paid_count })}</p>}
          {/* The rules in one line, once the member meets them (a member who does not reads the list above). */}
          {!token || data.eligible !== true ? null : (
            <p className="text-[12px] text-muted">
              {Number(data.min_wager) > 0
                ? t('rules', { min: formatMoney(data.min_wager), minutes: data.chat_active_minutes })
                : t('rules_no_wager', { minutes: data.chat_active_minutes })}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
