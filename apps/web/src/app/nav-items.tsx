import type { ComponentType } from 'react';
import { CrownIcon, GiftIcon, HeadsetIcon, HomeIcon, PlusIcon, TrophyIcon, UserIcon, UsersIcon } from '../components/icons.tsx';

export type NavItem = {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number }>;
  tab?: boolean;
  desktop?: boolean;
  primary?: boolean;
};

/** The mobile tab bar (home, promotions, deposit, support, profile) and the desktop menu. */
export const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'nav.home', icon: HomeIcon, tab: true, desktop: true },
  { to: '/promotion/activity', label: 'nav.promotions', icon: GiftIcon, tab: true, desktop: true },
  { to: '/sports', label: 'nav.sports', icon: TrophyIcon, desktop: true },
  { to: '/recharge', label: 'nav.deposit', icon: PlusIcon, tab: true, primary: true },
  { to: '/vip', label: 'nav.vip', icon: CrownIcon, desktop: true },
  { to: '/agency-center/invite', label: 'nav.agency', icon: UsersIcon, desktop: true },
  { to: '/information-center/support', label: 'nav.support', icon: HeadsetIcon, tab: true, desktop: true },
  { to: '/profile', label: 'nav.profile', icon: UserIcon, tab: true },
];
