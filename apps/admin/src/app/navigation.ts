import type { ComponentType, SVGProps } from 'react';
import { ChannelIcon, DepositIcon, MailIcon, ScrollIcon, ShieldIcon, UsersIcon, WithdrawalIcon } from '../components/icons';
import { GamesIcon, ProvidersIcon, ResultsIcon, RoundLookupIcon } from '../features/games/components/nav-icons';
import { RebateRatesIcon, VipLevelsIcon } from '../features/vip/components/nav-icons';
import { RainIcon } from '../features/rain/components/nav-icons';
import { AgencyCommissionsIcon, AgencyRatesIcon, AgencySettlementsIcon } from '../features/agency/components/nav-icons';
import { ActivitiesIcon, ClaimsIcon, CostReportIcon, RedeemCodesIcon } from '../features/promotions/components/nav-icons';
import { AnnouncementsIcon, NotificationsIcon } from '../features/info-center/components/nav-icons';
import { DocumentsIcon, PopupsIcon } from '../features/terms/components/nav-icons';
import {
  SportsCompetitionsIcon,
  SportsFixturesIcon,
  SportsLiabilityIcon,
  SportsReportIcon,
  SportsSettingsIcon,
} from '../features/sports/components/nav-icons';
import { CpfRegistryIcon, KycQueueIcon } from '../features/kyc/components/nav-icons';
import { ResponsibleIcon } from '../features/responsible/components/nav-icons';
import { SupportIcon, SupportNavBadge } from '../features/support/components/nav-icons';
import { DashboardIcon } from '../features/dashboard/components/nav-icons';
import { ChatIcon } from '../features/chat/components/nav-icons';
import type { Permission } from '../lib/types';

export type Section = {
  path: string;
  labelKey:
    | 'dashboard.nav'
    | 'nav.notifications'
    | 'nav.announcements'
    | 'terms_admin.nav'
    | 'popups_admin.nav'
    | 'rain_admin.nav'
    | 'nav.vip_levels'
    | 'nav.rebate_rates'
    | 'nav.agency_rates'
    | 'nav.agency_settlements'
    | 'nav.agency_commissions'
    | 'nav.members'
    | 'nav.withdrawals'
    | 'nav.deposits'
    | 'nav.channels'
    | 'nav.outbox'
    | 'nav.audit'
    | 'nav.operators'
    | 'nav.games'
    | 'nav.game_providers'
    | 'nav.game_results'
    | 'nav.game_rounds'
    | 'nav.activities'
    | 'nav.bonus_claims'
    | 'nav.promotions_report'
    | 'nav.redeem_codes'
    | 'nav.sports_fixtures'
    | 'nav.sports_competitions'
    | 'nav.sports_liability'
    | 'nav.sports_report'
    | 'nav.sports_settings'
    | 'nav.kyc_queue'
    | 'nav.cpf_registry'
    | 'support_admin.nav'
    | 'chat_admin.nav'
    | 'nav.responsible';
  /** null: every operator (the dashboard, whose sections each check their own permission). */
  permission: Permission | null;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** A live count beside the label (the support inbox's unread messages). */
  badge?: ComponentType;
};

/** The back office sections, in menu order; each is shown only with its permission. */
export const SECTIONS: Section[] = [
  { path: '/dashboard', labelKey: 'dashboard.nav', permission: null, icon: DashboardIcon },
  { path: '/members', labelKey: 'nav.members', permission: 'members.read', icon: UsersIcon },
  { path: '/withdrawals', labelKey: 'nav.withdrawals', permission: 'withdrawals.review', icon: WithdrawalIcon },
  { path: '/deposits', labelKey: 'nav.deposits', permission: 'deposits.read', icon: DepositIcon },
  { path: '/kyc', labelKey: 'nav.kyc_queue', permission: 'kyc.review', icon: KycQueueIcon },
  { path: '/cpf-registry', labelKey: 'nav.cpf_registry', permission: 'kyc.registry', icon: CpfRegistryIcon },
  { path: '/support', labelKey: 'support_admin.nav', permission: 'support.inbox', icon: SupportIcon, badge: SupportNavBadge },
  { path: '/responsible', labelKey: 'nav.responsible', permission: 'responsible.read', icon: ResponsibleIcon },
  { path: '/payment-channels', labelKey: 'nav.channels', permission: 'channels.manage', icon: ChannelIcon },
  { path: '/games', labelKey: 'nav.games', permission: 'games.read', icon: GamesIcon },
  { path: '/game-providers', labelKey: 'nav.game_providers', permission: 'games.read', icon: ProvidersIcon },
  { path: '/game-results', labelKey: 'nav.game_results', permission: 'games.read', icon: ResultsIcon },
  { path: '/game-rounds', labelKey: 'nav.game_rounds', permission: 'rounds.read', icon: RoundLookupIcon },
  { path: '/sports/fixtures', labelKey: 'nav.sports_fixtures', permission: 'sports.read', icon: SportsFixturesIcon },
  { path: '/sports/liability', labelKey: 'nav.sports_liability', permission: 'sports.read', icon: SportsLiabilityIcon },
  { path: '/sports/competitions', labelKey: 'nav.sports_competitions', permission: 'sports.read', icon: SportsCompetitionsIcon },
  { path: '/sports/report', labelKey: 'nav.sports_report', permission: 'sports.read', icon: SportsReportIcon },
  { path: '/sports/settings', labelKey: 'nav.sports_settings', permission: 'sports.read', icon: SportsSettingsIcon },
  { path: '/activities', labelKey: 'nav.activities', permission: 'promotions.read', icon: ActivitiesIcon },
  { path: '/bonus-claims', labelKey: 'nav.bonus_claims', permission: 'promotions.read', icon: ClaimsIcon },
  { path: '/promotions-report', labelKey: 'nav.promotions_report', permission: 'promotions.read', icon: CostReportIcon },
  { path: '/redeem-codes', labelKey: 'nav.redeem_codes', permission: 'promotions.read', icon: RedeemCodesIcon },
  { path: '/rain', labelKey: 'rain_admin.nav', permission: 'promotions.read', icon: RainIcon },
  { path: '/vip-levels', labelKey: 'nav.vip_levels', permission: 'promotions.read', icon: VipLevelsIcon },
  { path: '/rebate-rates', labelKey: 'nav.rebate_rates', permission: 'promotions.read', icon: RebateRatesIcon },
  { path: '/agency-rates', labelKey: 'nav.agency_rates', permission: 'agency.manage', icon: AgencyRatesIcon },
  { path: '/agency-settlements', labelKey: 'nav.agency_settlements', permission: 'agency.manage', icon: AgencySettlementsIcon },
  { path: '/agency-commissions', labelKey: 'nav.agency_commissions', permission: 'agency.manage', icon: AgencyCommissionsIcon },
  { path: '/notifications', labelKey: 'nav.notifications', permission: 'info.manage', icon: NotificationsIcon },
  { path: '/announcements', labelKey: 'nav.announcements', permission: 'info.manage', icon: AnnouncementsIcon },
  { path: '/legal-documents', labelKey: 'terms_admin.nav', permission: 'info.manage', icon: DocumentsIcon },
  { path: '/popups', labelKey: 'popups_admin.nav', permission: 'info.manage', icon: PopupsIcon },
  { path: '/chat', labelKey: 'chat_admin.nav', permission: 'chat.moderate', icon: ChatIcon },
  { path: '/outbox', labelKey: 'nav.outbox', permission: 'outbox.read', icon: MailIcon },
  { path: '/audit-log', labelKey: 'nav.audit', permission: 'audit.read', icon: ScrollIcon },
  { path: '/operators', labelKey: 'nav.operators', permission: 'operators.manage', icon: ShieldIcon },
];
