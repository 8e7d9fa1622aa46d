import { z } from 'zod';
import { feedEntry } from './feed.ts';

/**
 * Messages the server pushes on /ws (connect with ?token=<bearer>). No polling: the header
 * balance and the payment page update when one of these arrives.
 */
export const balanceMessage = z.object({
  type: z.literal('balance'),
  data: z.object({ money: z.string(), fs_money: z.string(), ml_money: z.string() }),
});
export const depositMessage = z.object({
  type: z.literal('deposit'),
  data: z.object({ order_no: z.string(), status: z.string(), amount: z.string() }),
});
export const withdrawalMessage = z.object({
  type: z.literal('withdrawal'),
  data: z.object({ order_no: z.string(), status: z.string(), amount: z.string(), reject_reason: z.string().nullable() }),
});
/** Support chat (issue 15 item 6): the member's unread operator messages over all its conversations. */
export const supportUnreadMessage = z.object({
  type: z.literal('support'),
  data: z.object({ unread: z.number().int(), conversation_id: z.number().int() }),
});
/** The live feed (issue 15 item 3): a round that settled, to every socket, visitors' too. */
export const winMessage = z.object({ type: z.literal('win'), data: feedEntry });
/** A new notification for this member (issue 15 item 7): the badge and the list refresh. */
export const notificationMessage = z.object({ type: z.literal('notification'), data: z.object({ kind: z.string() }) });
/** An announcement published or changed (to everyone): the badge and the list refresh. */
export const announcementMessage = z.object({ type: z.literal('announcement'), data: z.object({ id: z.number().int() }) });
export const serverMessage = z.discriminatedUnion('type', [
  balanceMessage,
  depositMessage,
  withdrawalMessage,
  supportUnreadMessage,
  winMessage,
  notificationMessage,
  announcementMessage,
]);
export type ServerMessage = z.infer<typeof serverMessage>;
