import { CalendarCheck, HandCoins, type LucideIcon, type LucideProps, Network } from 'lucide-react';

/** Menu icons of the agency sections, drawn like the rest of the back office's (lucide, 1.8 stroke). */
function icon(Glyph: LucideIcon) {
  return ({ size = 18, ...props }: LucideProps) => <Glyph size={size} strokeWidth={1.8} aria-hidden="true" focusable="false" {...props} />;
}
/** Rates by level: a tree of agents. */
export const AgencyRatesIcon = icon(Network);
export const AgencySettlementsIcon = icon(CalendarCheck);
export const AgencyCommissionsIcon = icon(HandCoins);
