import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { ShareIcon } from '../../components/icons.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { formatMoney } from '../../lib/format.ts';
import { type AgencyOverview, useAgencyOverview } from './agency.api.ts';
import { CopyButton, Figure, useLoyaltyTranslation, ProgrammeSteps } from './agency-ui.tsx';
import { InviteQr } from './invite-qr.tsx';
import { JoinTeamCard, useCanJoinTeam } from './join-team-card.tsx';

function ShareLink({ link }: { link: string }) {
  const { t } = useLoyaltyTranslation();
  if (typeof navigator.share !== 'function') return null;
  const share = () =>
    navigator.share({ title: t('agency.invite.share_title'), text: t('agency.invite.share_text'), url: link }).catch(() => undefined);
  return (
    <Button variant="outline" block onClick={() => void share()}>
      <ShareIcon size={18} />
      {t('agency.invite.share')}
    </Button>
  );
}

function InviteCard({ overview }: { overview: AgencyOverview }) {
  const { t } = useLoyaltyTranslation();
  return (
    <Card className="relative flex flex-col gap-4 overflow-hidden">
      <div className="pointer-events-none absolute -top-20 -left-16 size-56 rounded-full bg-gold/10 blur-3xl" aria-hidden="true" />
      <div className="relative flex items-center justify-between gap-2">
        <h2 className="text-[15px] font-bold text-white">{t('agency.invite.title')}</h2>
        <span className="rounded-full bg-gold/15 px-2.5 py-1 text-xs font-semibold text-gold">{overview.agent_label}</span>
      </div>
      <div className="relative flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <InviteQr text={overview.invite_link} label={t('agency.invite.qr_label')} />
        <div className="flex w-full min-w-0 flex-col gap-3">
          <div className="flex flex-col gap-1">
            <span className="text-xs text-muted">{t('agency.invite.code')}</span>
            <div className="flex items-center gap-2">
              <span className="min-w-0 flex-1 truncate font-mono text-2xl font-bold tracking-widest text-gold" data-testid="invite-code">
                {overview.invite_code}
              </span>
              <CopyButton text={overview.invite_code} label={t('agency.invite.copy_code')} testId="copy-invite-code" />
            </div>
          </div>
          <div className="flex flex-col gap-1">
            <span className="text-xs text-muted">{t('agency.invite.link')}</span>
            <div className="flex items-center gap-2">
              <span
                className="min-w-0 flex-1 truncate rounded-xl border border-line bg-ink/60 px-3 py-2.5 text-sm text-soft"
                data-testid="invite-link"
              >
                {overview.invite_link}
              </span>
              <CopyButton text={overview.invite_link} label={t('agency.invite.copy_link')} testId="copy-invite-link" />
            </div>
          </div>
          <ShareLink link={overview.invite_link} />
        </div>
      </div>
    </Card>
  );
}

function TeamCard({ overview }: { overview: AgencyOverview }) {
  const { t } = useLoyaltyTranslation();
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-[15px] font-bold text-white">{t('agency.invite.my_team')}</h2>
        <span className="text-xs text-muted">{t('agency.my_id', { id: overview.member_id })}</span>
      </div>
      <dl className="grid grid-cols-2 gap-2">
        <Figure label={t('agency.direct_count')} value={overview.direct_count} testId="direct-count" />
        <Figure label={t('agency.indirect_count')} value={overview.indirect_count} testId="indirect-count" />
        <Figure label={t('agency.pending_commission')} value={formatMoney(overview.pending_commission)} tone="text-gold" />
        <Figure
          label={t('agency.total_commission')}
          value={formatMoney(overview.total_commission)}
          tone="text-money"
          testId="total-commission"
        />
      </dl>
      <div className="grid grid-cols-2 gap-2">
        <Link to="/agency-center/agent" className={buttonClass('ghost', 'sm')}>
          {t('agency.invite.see_team')}
        </Link>
        <Link to="/agency-center/agency-mechanism" className={buttonClass('ghost', 'sm')}>
          {t('agency.invite.see_rules')}
        </Link>
      </div>
    </Card>
  );
}

/**
 * /agency-center/invite: the invite link and QR with copy buttons, and the team's counts; a member
 * without inviter in its first week can also enter a friend's invite code.
 */
export function InvitePanel() {
  const overview = useAgencyOverview(true);
  const canJoin = useCanJoinTeam(overview.data ? overview.data.inviter_id : 0);
  if (overview.isPending) {
    return (
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    );
  }
  if (overview.isError) return <LoadError error={overview.error} onRetry={() => void overview.refetch()} />;
  return (
    <div className="flex flex-col gap-4">
      {canJoin ? <JoinTeamCard /> : null}
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
        <InviteCard overview={overview.data} />
        <TeamCard overview={overview.data} />
      </div>
      <ProgrammeSteps />
    </div>
  );
}
