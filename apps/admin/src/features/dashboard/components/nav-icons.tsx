import { LayoutDashboard } from 'lucide-react';
import { lucideIcon } from '../../../components/icons';

/** The dashboard's menu icon (lucide, drawn like the rest of the back office's). */
export const DashboardIcon = lucideIcon(LayoutDashboard);
