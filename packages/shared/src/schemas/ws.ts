import { z } from 'zod';

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
export const serverMessage = z.discriminatedUnion('type', [balanceMessage, depositMessage, withdrawalMessage]);
export type ServerMessage = z.infer<typeof serverMessage>;
