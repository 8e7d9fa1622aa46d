import { BookOpen, ShieldCheck, Volume2, VolumeX } from 'lucide-react';
import { formatBRL } from '@casino/shared/money';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { ChevronLeftIcon } from '../../../components/icons.tsx';
import { LiveWinsStrip } from '../../../components/live-wins-strip.tsx';
import { Modal } from '../../../components/modal.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { openLogin } from '../../../lib/modals.ts';
import { useSession } from '../../../lib/session.ts';
import { formatRtpIn } from './amounts.ts';
import { releaseAllHolds, useHeldCentavos } from './balance-hold.ts';
import { FairnessDialog } from './fairness-dialog.tsx';
import { sound, useSoundEnabled } from './sound.ts';

type GameShellProps = {
  code: string;
  title: string;
  onExit: () => void;
  /** The bet controls: below the stage on phones (one-hand reach), a left panel on desktop. */
  controls: ReactNode;
  /** The game stage. */
  children: ReactNode;
  /** Rules and paytable (with the declared RTP): a button in the top bar opens them in a modal. */
  paytable?: ReactNode;
  /** Extra text for the fairness dialog (shared-round games explain their hash chain here). */
  fairness?: ReactNode;
  /** Shared-round games do not use the player's seed pair: hide it in the fairness dialog. */
  showSeedPair?: boolean;
};

// 36 px on phones so a long title keeps room at 360-390 px; 40 px from the small breakpoint up.
const iconButton =
  'flex size-9 shrink-0 items-center justify-center rounded-xl text-soft transition hover:bg-surface-2 hover:text-white aria-pressed:text-gold sm:size-10';

/** The full-screen frame every house game plays in: top bar, stage and controls. */
export function GameShell({ code, title, onExit, controls, children, paytable, fairness, showSeedPair = true }: GameShellProps) {
  const { t } = useTranslation('play');
  const { token, user } = useSession();
  const heldCentavos = useHeldCentavos();
  const [soundOn, setSoundOn] = useSoundEnabled();
  const [dialog, setDialog] = useState<'fair' | 'rules' | null>(null);

  // Leaving the game (or logging out) ends every balance hold: no stale figure survives the game.
  useEffect(() => {
    if (!token) releaseAllHolds();
    return releaseAllHolds;
  }, [token]);

  return (
    <div className="flex min-h-dvh flex-col bg-ink text-white md:h-dvh md:overflow-hidden" data-testid={`house-game-${code}`}>
      <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-0.5 border-b border-line bg-night/95 px-1 backdrop-blur sm:gap-1 sm:px-3">
        <button type="button" onClick={onExit} aria-label={t('common.back')} className={iconButton} data-testid="game-exit">
          <ChevronLeftIcon size={24} />
        </button>
        {/* Long names ("Roleta Europeia") wrap onto a second line on phones instead of being cut. */}
        <h1
          className="line-clamp-2 min-w-0 flex-1 text-[15px] leading-[1.15] font-bold break-words sm:line-clamp-1 sm:text-lg sm:leading-tight"
          title={title}
          data-testid="game-title"
        >
          {title}
        </h1>
        {token ? (
          <span className="mr-0.5 flex h-9 min-w-0 shrink-0 items-center rounded-full border border-line bg-surface px-2.5 text-sm font-bold text-gold tabular-nums sm:mr-1 sm:px-3">
            <span className="sr-only">{t('common.balance')}</span>
            <span className="truncate" data-testid="game-balance" data-held={heldCentavos === null ? undefined : true}>
              {heldCentavos === null ? formatMoney(user.money) : formatBRL(heldCentavos, currentLanguage())}
            </span>
          </span>
        ) : (
          <button type="button" onClick={openLogin} className="h-9 rounded-full bg-gold px-4 text-sm font-bold text-ink">
            {t('common.login')}
          </button>
        )}
        <button
          type="button"
          className={iconButton}
          aria-pressed={soundOn}
          aria-label={soundOn ? t('common.sound_off') : t('common.sound_on')}
          onClick={() => {
            setSoundOn(!soundOn);
            if (!soundOn) sound.play('click');
          }}
          data-testid="game-sound"
        >
          {soundOn ? <Volume2 size={20} aria-hidden="true" /> : <VolumeX size={20} aria-hidden="true" />}
        </button>
        <button type="button" className={iconButton} aria-label={t('fair.title')} onClick={() => setDialog('fair')} data-testid="game-fair">
          <ShieldCheck size={20} aria-hidden="true" />
        </button>
        {paytable ? (
          <button
            type="button"
            className={iconButton}
            aria-label={t('common.rules')}
            onClick={() => setDialog('rules')}
            data-testid="game-rules"
          >
            <BookOpen size={20} aria-hidden="true" />
          </button>
        ) : null}
      </header>

      <div className="flex flex-1 flex-col md:min-h-0 md:flex-row">
        <main className="relative flex min-h-[46dvh] flex-1 flex-col md:order-2 md:min-h-0 md:overflow-y-auto">{children}</main>
        <aside className="shrink-0 border-t border-line bg-night px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] md:order-1 md:w-[320px] md:overflow-y-auto md:border-t-0 md:border-r md:p-4 lg:w-[340px]">
          {controls}
        </aside>
      </div>
      {/* The live feed's bar (issue 15 item 3): the latest rounds of every game, under the game. */}
      <LiveWinsStrip variant="bar" />

      {dialog === 'fair' ? <FairnessDialog onClose={() => setDialog(null)} extra={fairness} showSeedPair={showSeedPair} /> : null}
      {dialog === 'rules' && paytable ? (
        <Modal title={t('common.rules_title', { game: title })} onClose={() => setDialog(null)}>
          <div className="pb-2 text-sm text-soft" data-testid="game-paytable">
            {paytable}
          </div>
        </Modal>
      ) : null}
    </div>
  );
}

/** A labelled read-only figure in the controls (multiplier, win chance, profit on win...). */
export function StatField({
  label,
  value,
  accent = false,
  testId,
}: {
  label: string;
  value: ReactNode;
  accent?: boolean;
  testId?: string;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span className="truncate text-xs font-semibold text-muted">{label}</span>
      <span
        className={`flex h-10 items-center rounded-xl border border-line bg-ink/60 px-3 text-sm font-bold tabular-nums ${accent ? 'text-gold' : 'text-white'}`}
        data-testid={testId}
      >
        {value}
      </span>
    </div>
  );
}

/** A declared RTP ("95.95" from the API) in the reader's style: "95,95" in Portuguese. */
export function formatRtp(rtp: string): string {
  return formatRtpIn(rtp, currentLanguage());
}

/** The declared RTP line every rules modal shows. */
export function RtpLine({ rtp }: { rtp: string }) {
  const { t } = useTranslation('play');
  return (
    <p className="rounded-xl border border-gold/30 bg-gold/5 px-3 py-2 text-sm text-gold" data-testid="declared-rtp">
      {t('common.declared_rtp', { rtp: formatRtp(rtp) })}
    </p>
  );
}

/** The declared RTP under the bet controls, in sight while playing (the rules modal has the details). */
export function RtpCaption({ rtp }: { rtp: string }) {
  const { t } = useTranslation('play');
  return (
    <p className="text-center text-[11px] text-muted" data-testid="rtp-caption">
      {t('common.declared_rtp', { rtp: formatRtp(rtp) })}
    </p>
  );
}
