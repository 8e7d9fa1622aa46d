import { ChartColumnBig, Gift, type LucideIcon, type LucideProps, ReceiptText, TicketPercent } from 'lucide-react';

/** Menu icons of the promotions sections, drawn like the rest of the back office's (lucide, 1.8 stroke). */
function icon(Glyph: LucideIcon) {
  return ({ size = 18, ...props }: LucideProps) => <Glyph size={size} strokeWidth={1.8} aria-hidden="true" focusable="false" {...props} />;
}
export const ActivitiesIcon = icon(Gift);
export const ClaimsIcon = icon(ReceiptText);
export const CostReportIcon = icon(ChartColumnBig);
export const RedeemCodesIcon = icon(TicketPercent);
