import type { ComponentType, SVGProps } from 'react';
import { MailIcon, ScrollIcon, ShieldIcon, UsersIcon } from '../components/icons';
import type { Permission } from '../lib/types';

export type Section = {
  path: string;
  labelKey: 'nav.members' | 'nav.outbox' | 'nav.audit' | 'nav.operators';
  permission: Permission;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
};

/** The back office sections, in menu order; each is shown only with its permission. */
export const SECTIONS: Section[] = [
  { path: '/members', labelKey: 'nav.members', permission: 'members.read', icon: UsersIcon },
  { path: '/outbox', labelKey: 'nav.outbox', permission: 'outbox.read', icon: MailIcon },
  { path: '/audit-log', labelKey: 'nav.audit', permission: 'audit.read', icon: ScrollIcon },
  { path: '/operators', labelKey: 'nav.operators', permission: 'operators.manage', icon: ShieldIcon },
];
