import { ChartNoAxesCombined, Goal, ShieldAlert, SlidersHorizontal, Trophy } from 'lucide-react';
import { lucideIcon } from '../../../components/icons';

/** Menu icons of the sportsbook sections (lucide, drawn like the rest of the back office's). */
export const SportsFixturesIcon = lucideIcon(Goal);
export const SportsCompetitionsIcon = lucideIcon(Trophy);
export const SportsLiabilityIcon = lucideIcon(ShieldAlert);
export const SportsReportIcon = lucideIcon(ChartNoAxesCombined);
export const SportsSettingsIcon = lucideIcon(SlidersHorizontal);
