import { MEMBER_STATUS } from '@casino/shared/constants';
import { useTranslation } from 'react-i18next';
import { Badge, OnlineDot } from '../../../components/feedback';

export function MemberStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  if (status === MEMBER_STATUS.active) return <Badge tone="green">{t('members.status.active')}</Badge>;
  if (status === MEMBER_STATUS.frozen) return <Badge tone="red">{t('members.status.frozen')}</Badge>;
  return <Badge tone="slate">{t('members.status.other', { status })}</Badge>;
}

export function MemberOnline({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return <OnlineDot online={online} label={online ? t('members.online') : t('members.offline')} />;
}
