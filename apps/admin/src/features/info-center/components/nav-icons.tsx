import { Bell, type LucideIcon, type LucideProps, Megaphone } from 'lucide-react';

/** Menu icons of the information centre sections, drawn like the rest of the back office's (lucide, 1.8 stroke). */
function icon(Glyph: LucideIcon) {
  return ({ size = 18, ...props }: LucideProps) => <Glyph size={size} strokeWidth={1.8} aria-hidden="true" focusable="false" {...props} />;
}
export const NotificationsIcon = icon(Bell);
export const AnnouncementsIcon = icon(Megaphone);
