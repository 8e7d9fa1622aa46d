import { Crown, Percent } from 'lucide-react';
import { lucideIcon } from '../../../components/icons';

/** Menu icons of the VIP sections (lucide, drawn like the rest of the back office's). */
export const VipLevelsIcon = lucideIcon(Crown);
export const RebateRatesIcon = lucideIcon(Percent);
