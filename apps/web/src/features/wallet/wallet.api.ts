import { API } from '@casino/shared/player-api-paths';
import type {
  DepositOrder,
  memberBanksResponse,
  onlineChannelsResponse,
  PaymentChannel,
  rechargeListItem,
  withdrawal,
} from '@casino/shared/schemas/payments';
import type { PixKeyType } from '@casino/shared/pix/pix-key';
import type { DepositBonusChoice, DepositBonusOptions } from '@casino/shared/schemas/promotions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ApiSuccess, apiGet, apiPost } from '../../lib/api.ts';

/** Deposits, PIX keys and withdrawals: the calls of spec section 7 "Deposit and withdrawal". */
export type OnlineChannels = z.infer<typeof onlineChannelsResponse>;
export type MemberBanks = z.infer<typeof memberBanksResponse>;
export type RechargeListItem = z.infer<typeof rechargeListItem>;
export type Withdrawal = z.infer<typeof withdrawal>;
export type Page<T> = { list: T[]; total: number; page: number; page_size: number };
export type { DepositOrder, PaymentChannel };

export const PAGE_SIZE = 20;

export const walletKeys = {
  depositChannels: ['wallet', 'deposit-channels'] as const,
  depositBonuses: ['wallet', 'deposit-bonuses'] as const,
  withdrawChannels: ['wallet', 'withdraw-channels'] as const,
  order: (orderNo: string) => ['wallet', 'deposit-order', orderNo] as const,
  recharges: (page: number) => ['wallet', 'recharges', page] as const,
  banks: ['wallet', 'member-banks'] as const,
  withdrawals: (page: number) => ['wallet', 'withdrawals', page] as const,
  all: ['wallet'] as const,
};

/** The user's site, sent with the channel lists (spec: "requested with lang and domain"). */
const domain = () => window.location.hostname;

/** GET /api/payment/online/list: deposit channels, quick amounts and trading rules. */
export function useDepositChannels(enabled: boolean) {
  return useQuery({
    queryKey: walletKeys.depositChannels,
    enabled,
    queryFn: async ({ signal }) => (await apiGet<OnlineChannels>(API.paymentOnlineList, { domain: domain() }, signal)).data,
  });
}

/** GET /api/payments/list?direction=withdraw: the payout channels with their limits. */
export function useWithdrawChannels(enabled: boolean) {
  return useQuery({
    queryKey: walletKeys.withdrawChannels,
    enabled,
    queryFn: async ({ signal }) => {
      const answer = await apiGet<PaymentChannel[] | { list: PaymentChannel[] }>(
        API.paymentsList,
        { domain: domain(), direction: 'withdraw' },
        signal,
      );
      const list = Array.isArray(answer.data) ? answer.data : (answer.data?.list ?? []);
      return list.filter((channel) => channel.direction === 'withdraw');
    },
  });
}

/**
 * GET /api/recharge/bonuses: the deposit bonuses a new deposit can fund (one bonus per deposit),
 * and whether the site lets bonuses stack (then no choice is asked).
 */
export function useDepositBonuses(enabled: boolean) {
  return useQuery({
    queryKey: walletKeys.depositBonuses,
    enabled,
    staleTime: 0,
    queryFn: async ({ signal }) => (await apiGet<DepositBonusOptions>(API.rechargeBonuses, {}, signal)).data,
  });
}

/** POST /api/recharge/online: the answer carries `pay_url` beside the envelope's data. */
export const createDeposit = (body: { money: string; payment_id: number; payment_type: string; bonus?: DepositBonusChoice }) =>
  apiPost<DepositOrder>(API.rechargeOnline, body) as Promise<ApiSuccess<DepositOrder> & { pay_url?: string }>;

export function useDepositOrder(orderNo: string, enabled: boolean) {
  return useQuery({
    queryKey: walletKeys.order(orderNo),
    enabled: enabled && orderNo !== '',
    staleTime: 0,
    queryFn: async ({ signal }) => (await apiGet<DepositOrder>(API.rechargeOrder, { order_no: orderNo }, signal)).data,
  });
}

export function useRechargeList(page: number, enabled: boolean) {
  return useQuery({
    queryKey: walletKeys.recharges(page),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async () => (await apiPost<Page<RechargeListItem>>(API.rechargeList, { page, page_size: PAGE_SIZE })).data,
  });
}

export function useMemberBanks(enabled: boolean) {
  return useQuery({
    queryKey: walletKeys.banks,
    enabled,
    queryFn: async ({ signal }) => (await apiGet<MemberBanks>(API.memberBank, {}, signal)).data,
  });
}

export type MemberBankInput = {
  account_type: PixKeyType;
  account: string;
  name: string;
  cpf_id: string;
  bank_name?: string;
};
export const saveMemberBank = (body: MemberBankInput) => apiPost<unknown>(API.memberBanksSave, body);

/** POST /api/drawing; `request_id` is the form's idempotency key (resent on a retry after a lost answer). */
export const requestWithdrawal = (body: {
  money: string;
  member_bank_id: number;
  qk_pwd: string;
  payment_type: string;
  request_id: string;
}) => apiPost<unknown>(API.drawing, body);

export function useWithdrawalList(page: number, enabled: boolean) {
  return useQuery({
    queryKey: walletKeys.withdrawals(page),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async () => (await apiPost<Page<Withdrawal>>(API.drawingList, { page, page_size: PAGE_SIZE })).data,
  });
}
