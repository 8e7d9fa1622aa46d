import { LoginRequired } from '../../components/login-required.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { loadLoyaltyNamespace } from '../../lib/i18n.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { AgencyFrame, useLoyaltyTranslation } from './agency-ui.tsx';
import { AgenteLanding } from './agente-landing.tsx';
import { InvitePanel } from './invite-panel.tsx';
import { InviteRecordPanel } from './invite-record-panel.tsx';
import { MechanismPanel } from './mechanism-panel.tsx';
import { RegisterPanel } from './register-panel.tsx';
import { RewardPanel } from './reward-panel.tsx';
import { TeamPanel } from './team-panel.tsx';

// The pages' texts live in the lazy `loyalty` catalogue: this module waits for it before rendering.
await loadLoyaltyNamespace();

/** /agency-center/invite */
export function InvitePage() {
  const { t } = useLoyaltyTranslation();
  return (
    <AgencyFrame title={t('pages.agency_invite')}>
      <InvitePanel />
    </AgencyFrame>
  );
}

/** /agency-center/agent */
export function AgentPage() {
  const { t } = useLoyaltyTranslation();
  return (
    <AgencyFrame title={t('pages.agency_agent')}>
      <TeamPanel />
    </AgencyFrame>
  );
}

/** /agency-center/invitation-record */
export function InvitationRecordPage() {
  const { t } = useLoyaltyTranslation();
  return (
    <AgencyFrame title={t('pages.agency_invitation_record')}>
      <InviteRecordPanel />
    </AgencyFrame>
  );
}

/** /agency-center/reward */
export function RewardPage() {
  const { t } = useLoyaltyTranslation();
  return (
    <AgencyFrame title={t('pages.agency_reward')}>
      <RewardPanel />
    </AgencyFrame>
  );
}

/** /agency-center/agency-mechanism: public rules; a visitor also gets the way to log in. */
export function MechanismPage() {
  const { t } = useLoyaltyTranslation();
  const loggedIn = useIsLoggedIn();
  return (
    <AgencyFrame title={t('pages.agency_mechanism')} gated={false}>
      <MechanismPanel />
      {loggedIn ? null : <LoginRequired />}
    </AgencyFrame>
  );
}

/** /agency-center/register-subordinates */
export function RegisterSubordinatesPage() {
  const { t } = useLoyaltyTranslation();
  return (
    <AgencyFrame title={t('pages.agency_register_subordinates')}>
      <RegisterPanel />
    </AgencyFrame>
  );
}

/** /agente: the agency landing page. */
export function AgentePage() {
  const { t } = useLoyaltyTranslation();
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col">
      <PageHeader title={t('pages.agente')} />
      <AgenteLanding />
    </section>
  );
}
