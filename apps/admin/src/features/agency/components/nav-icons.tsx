import { CalendarCheck, HandCoins, Network } from 'lucide-react';
import { lucideIcon } from '../../../components/icons';

/**
 * Menu icons of the agency sections (lucide, drawn like the rest of the back office's); rates by
 * level are a tree of agents.
 */
export const AgencyRatesIcon = lucideIcon(Network);
export const AgencySettlementsIcon = lucideIcon(CalendarCheck);
export const AgencyCommissionsIcon = lucideIcon(HandCoins);
