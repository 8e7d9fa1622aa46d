import { useTranslation } from 'react-i18next';
import { FeaturePage } from '../../components/feature-page.tsx';

/** The agency centre arrives in a later release. */
export function InvitePage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.agency_invite')} emptyText={t('empty.no_data')} gated />;
}

export function AgentPage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.agency_agent')} emptyText={t('empty.no_agent')} gated />;
}

export function InvitationRecordPage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.agency_invitation_record')} emptyText={t('empty.no_records')} gated />;
}

export function RewardPage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.agency_reward')} emptyText={t('empty.no_records')} gated />;
}

export function MechanismPage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.agency_mechanism')} emptyText={t('empty.no_data')} />;
}

export function RegisterSubordinatesPage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.agency_register_subordinates')} emptyText={t('empty.no_data')} gated />;
}

/** /agente, the Portuguese-named agent page. */
export function AgentePage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.agente')} emptyText={t('empty.no_agent')} gated />;
}
