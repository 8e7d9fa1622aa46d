import type { ComponentType } from 'react';
import { CrownIcon, GiftIcon, HeadsetIcon, HomeIcon, PlusIcon, TrophyIcon, UserIcon, UsersIcon } from '../components/shell-icons.tsx';

export type NavItem = {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number }>;
  tab?: boolean;
  desktop?: boolean;
  primary?: boolean;
};

/** The mobile tab bar (home, sports, deposit, promotions, profile) and the desktop menu. */
export const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'nav.home', icon: HomeIcon, tab: true, desktop: true },
  { to: '/sports', label: 'nav.sports', icon: TrophyIcon, tab: true, desktop: true },
  { to: '/recharge', label: 'nav.deposit', icon: PlusIcon, tab: true, primary: true },
  { to: '/promotion/activity', label: 'nav.promotions', icon: GiftIcon, tab: true, desktop: true },
  { to: '/vip', label: 'nav.vip', icon: CrownIcon, desktop: true },
  { to: '/agency-center/invite', label: 'nav.agency', icon: UsersIcon, desktop: true },
  // On a phone support is one tap away in the header's bell (the information centre) and the member centre.
  { to: '/information-center/support', label: 'nav.support', icon: HeadsetIcon, desktop: true },
  { to: '/profile', label: 'nav.profile', icon: UserIcon, tab: true },
];
