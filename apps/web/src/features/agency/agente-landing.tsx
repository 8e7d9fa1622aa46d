import { CalendarClock, Coins, Network, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { formatMoney } from '../../lib/format.ts';
import { openLogin, openRegister } from '../../lib/modals.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { useAgencyOverview, useMechanism } from './agency.api.ts';
import { Figure, useLoyaltyTranslation, ProgrammeSteps } from './agency-ui.tsx';
import { Example, RatesByLevel } from './mechanism-panel.tsx';

/** Positions of the team drawing: the agent, three direct invitees, six indirect ones. */
const DIRECT = [
  [40, 70],
  [100, 92],
  [160, 70],
] as const;
const INDIRECT = [
  [18, 120],
  [56, 128],
  [84, 140],
  [116, 140],
  [144, 128],
  [182, 120],
] as const;

/** A drawn team tree: the agent crowned at the top, commissions flowing up from every level. */
function TeamArt() {
  return (
    <svg viewBox="0 0 200 160" className="h-auto w-full max-w-[260px]" aria-hidden="true">
      <defs>
        <linearGradient id="agente-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fff3c2" />
          <stop offset="0.5" stopColor="#f5c451" />
          <stop offset="1" stopColor="#c8871a" />
        </linearGradient>
        <radialGradient id="agente-glow" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#f5c451" stopOpacity="0.45" />
          <stop offset="1" stopColor="#f5c451" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="100" cy="32" r="40" fill="url(#agente-glow)" />
      {DIRECT.map(([x, y], i) => (
        <line key={`d${i}`} x1="100" y1="32" x2={x} y2={y} stroke="#f5c451" strokeOpacity="0.55" strokeWidth="2" strokeDasharray="4 3" />
      ))}
      {INDIRECT.map(([x, y], i) => {
        const [px, py] = DIRECT[Math.min(2, Math.floor(i / 2))]!;
        return <line key={`i${i}`} x1={px} y1={py} x2={x} y2={y} stroke="#8d97b5" strokeOpacity="0.5" strokeWidth="1.5" />;
      })}
      {INDIRECT.map(([x, y], i) => (
        <g key={`n${i}`}>
          <circle cx={x} cy={y} r="8" fill="#19233f" stroke="#8d97b5" strokeWidth="1.5" />
          <circle cx={x} cy={y - 2} r="2.6" fill="#8d97b5" />
          <path d={`M${x - 4.5} ${y + 4.5} q4.5 -6 9 0`} fill="#8d97b5" />
        </g>
      ))}
      {DIRECT.map(([x, y], i) => (
        <g key={`m${i}`}>
          <circle cx={x} cy={y} r="12" fill="#19233f" stroke="#f5c451" strokeWidth="2" />
          <circle cx={x} cy={y - 3} r="4" fill="#f5c451" />
          <path d={`M${x - 7} ${y + 7} q7 -9 14 0`} fill="#f5c451" />
        </g>
      ))}
      <circle cx="100" cy="32" r="17" fill="url(#agente-gold)" stroke="#7a4e06" strokeWidth="1.5" />
      <circle cx="100" cy="28" r="5.5" fill="#4a2e00" />
      <path d="M90 42 q10 -12 20 0" fill="#4a2e00" />
      <path d="M89 14 L87 4 L95 9 L100 1 L105 9 L113 4 L111 14 Z" fill="url(#agente-gold)" stroke="#7a4e06" strokeWidth="1" />
      <g fill="url(#agente-gold)" stroke="#7a4e06" strokeWidth="0.8">
        <circle cx="64" cy="40" r="5" />
        <circle cx="138" cy="46" r="4" />
        <circle cx="150" cy="22" r="3.5" />
      </g>
    </svg>
  );
}

const BENEFITS = [
  { icon: Coins, title: 'agency.landing.benefit_recharge_title', text: 'agency.landing.benefit_recharge_text' },
  { icon: TrendingUp, title: 'agency.landing.benefit_betting_title', text: 'agency.landing.benefit_betting_text' },
  { icon: Network, title: 'agency.landing.benefit_levels_title', text: 'agency.landing.benefit_levels_text' },
  { icon: CalendarClock, title: 'agency.landing.benefit_daily_title', text: 'agency.landing.benefit_daily_text' },
] as const;

function Hero() {
  const { t } = useLoyaltyTranslation();
  const loggedIn = useIsLoggedIn();
  return (
    <section className="relative overflow-hidden rounded-3xl border border-gold/25 bg-gradient-to-br from-gold/15 via-surface to-surface p-5 md:p-8">
      <div className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-gold/10 blur-3xl" aria-hidden="true" />
      <div className="relative flex flex-col items-center gap-5 md:flex-row md:gap-10">
        <div className="flex min-w-0 flex-1 flex-col gap-3 text-center md:text-left">
          <p className="text-xs font-bold tracking-[0.2em] text-gold uppercase">{t('agency.landing.kicker')}</p>
          <h2 className="text-2xl leading-tight font-extrabold text-white md:text-4xl">{t('agency.landing.title')}</h2>
          <p className="text-sm leading-relaxed text-soft md:text-base">{t('agency.landing.subtitle')}</p>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row md:justify-start">
            {loggedIn ? (
              <>
                <Link to="/agency-center/invite" className={buttonClass('gold', 'lg')} data-testid="agente-invite">
                  {t('agency.landing.cta_invite')}
                </Link>
                <Link to="/agency-center/agency-mechanism" className={buttonClass('ghost', 'lg')}>
                  {t('agency.landing.cta_rules')}
                </Link>
              </>
            ) : (
              <>
                <Button size="lg" onClick={openRegister}>
                  {t('agency.landing.cta_register')}
                </Button>
                <Button size="lg" variant="ghost" onClick={openLogin}>
                  {t('header.login')}
                </Button>
              </>
            )}
          </div>
        </div>
        <TeamArt />
      </div>
    </section>
  );
}

/** A member's own agency in one line of figures, under the hero. */
function MyAgency() {
  const { t } = useLoyaltyTranslation();
  const overview = useAgencyOverview(true);
  if (!overview.data) return null;
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-[15px] font-bold text-white">{t('agency.landing.my_agency')}</h2>
      <dl className="grid grid-cols-2 gap-2 md:grid-cols-4">
        <Figure label={t('agency.direct_count')} value={overview.data.direct_count} />
        <Figure label={t('agency.indirect_count')} value={overview.data.indirect_count} />
        <Figure label={t('agency.pending_commission')} value={formatMoney(overview.data.pending_commission)} tone="text-gold" />
        <Figure label={t('agency.total_commission')} value={formatMoney(overview.data.total_commission)} tone="text-money" />
      </dl>
    </Card>
  );
}

/** /agente: the agency programme explained, its rates, and the way in (invite, or sign up first). */
export function AgenteLanding() {
  const { t } = useLoyaltyTranslation();
  const loggedIn = useIsLoggedIn();
  const mechanism = useMechanism();
  return (
    <div className="flex flex-col gap-4">
      <Hero />
      {loggedIn ? <MyAgency /> : null}
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {BENEFITS.map((benefit) => (
          <li key={benefit.title} className="flex gap-3 rounded-2xl border border-line/70 bg-surface p-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-gold/15 text-gold">
              <benefit.icon size={20} strokeWidth={1.8} aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-semibold text-white">{t(benefit.title)}</p>
              <p className="text-[13px] leading-snug text-muted">{t(benefit.text)}</p>
            </div>
          </li>
        ))}
      </ul>
      <ProgrammeSteps />
      {mechanism.data ? (
        <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
          <RatesByLevel mechanism={mechanism.data} />
          <Example mechanism={mechanism.data} />
        </div>
      ) : null}
    </div>
  );
}
