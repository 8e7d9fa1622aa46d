import { ChartColumnBig, Gift, ReceiptText, TicketPercent } from 'lucide-react';
import { lucideIcon } from '../../../components/icons';

/** Menu icons of the promotions sections (lucide, drawn like the rest of the back office's). */
export const ActivitiesIcon = lucideIcon(Gift);
export const ClaimsIcon = lucideIcon(ReceiptText);
export const CostReportIcon = lucideIcon(ChartColumnBig);
export const RedeemCodesIcon = lucideIcon(TicketPercent);
