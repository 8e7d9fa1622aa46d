import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../components/button.tsx';
import { CopyIcon, ShareIcon } from '../../components/icons.tsx';
import { formatMoney } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { ActivityShell } from './activity-shell.tsx';
import { ClaimButton, formatCount, Stat, StatGrid, StateMessage } from './promo-ui.tsx';
import { type ActivityCheck, useClaimActivity } from './promotions.api.ts';
import { vipRule, wageringRule } from './rules.ts';

/** The invitation link registration reads (features/auth reads `?invite_code=`). */
export function inviteLink(code: string): string {
  return `${window.location.origin}/?invite_code=${encodeURIComponent(code)}`;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The member's invitation link with copy and share (share only where the browser offers it). */
export function InviteLinkCard() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('promo');
  const { user } = useSession();
  if (!user.invite_code) return null;
  const link = inviteLink(user.invite_code);
  const copy = async () => {
    if (await copyText(link)) toast.success(t('common.copied'));
    else toast.error(tp('invite.copy_failed'));
  };
  const canShare = typeof navigator.share === 'function';
  return (
    <div className="flex flex-col gap-2.5 rounded-2xl border border-gold/30 bg-gold/5 p-4" data-testid="invite-link-card">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-semibold text-white">{tp('invite.your_link')}</span>
        <span className="rounded-lg bg-ink/60 px-2 py-1 font-mono text-xs text-gold" data-testid="invite-code">
          {user.invite_code}
        </span>
      </div>
      <p className="rounded-xl border border-line bg-ink/60 px-3 py-2.5 font-mono text-xs break-all text-soft" data-testid="invite-link">
        {link}
      </p>
      <div className={`grid gap-2 ${canShare ? 'grid-cols-2' : 'grid-cols-1'}`}>
        <Button variant="outline" onClick={() => void copy()}>
          <CopyIcon size={18} />
          {t('common.copy')}
        </Button>
        {canShare ? (
          <Button
            variant="ghost"
            onClick={() =>
              void navigator.share({ title: tp('invite.share_title'), text: tp('invite.share_text'), url: link }).catch(() => undefined)
            }
          >
            <ShareIcon size={18} />
            {tp('invite.share')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function InvitationPanel({ check }: { check: ActivityCheck }) {
  const { t } = useTranslation('promo');
  const claim = useClaimActivity('invitationactivity');
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 rounded-2xl border border-line/70 bg-surface p-4" data-testid="invitation-panel">
        <StatGrid>
          <Stat label={t('invite.qualified')} value={formatCount(check.qualified)} />
          <Stat label={t('invite.unclaimed')} value={formatCount(check.unclaimed)} />
          <Stat label={t('invite.friend_deposit')} value={formatMoney(check.min_recharge)} />
          <Stat label={t('invite.to_claim')} value={formatMoney(check.reward)} tone="gold" />
        </StatGrid>
        <StateMessage state={check.state} message={check.message} />
        <ClaimButton state={check.state} reward={check.reward} pending={claim.isPending} onClaim={() => claim.mutate({})} />
      </div>
      <InviteLinkCard />
    </div>
  );
}

/** /promotion/activity/invitation-activity: a bonus for each invited friend who qualifies by depositing. */
export function InvitationActivityPage() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('promo');
  return (
    <ActivityShell
      type="invitationactivity"
      fallbackTitle={t('pages.activity_invitation')}
      tagline={tp('tagline.invitationactivity')}
      rules={(check) => [
        tp('rules.invite_link'),
        check?.min_recharge ? tp('rules.invite_qualify', { amount: formatMoney(check.min_recharge) }) : tp('rules.invite_qualify_generic'),
        tp('rules.invite_each'),
        wageringRule(tp, check),
        ...vipRule(tp, check),
      ]}
    >
      {(check) => <InvitationPanel check={check} />}
    </ActivityShell>
  );
}
