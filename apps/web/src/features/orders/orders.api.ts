import { API } from '@casino/shared/player-api-paths';
import type { associationItem, feeItem, orderCenterDetailsResponse, orderTotals } from '@casino/shared/schemas/payments';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet } from '../../lib/api.ts';

/** The order centre's three GET calls (spec section 7 "Information and order centres"). */
export type OrderTotals = z.infer<typeof orderTotals>;
export type OrderDetails = z.infer<typeof orderCenterDetailsResponse>;
export type FeeItem = z.infer<typeof feeItem>;
export type AssociationItem = z.infer<typeof associationItem>;
export type RangeDays = 1 | 3 | 7;

export function useOrderDetails(days: RangeDays, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', 'details', days],
    enabled,
    queryFn: async ({ signal }) => (await apiGet<OrderDetails>(API.orderCenterDetails, { days }, signal)).data,
  });
}

export function useOrderFees(enabled: boolean) {
  return useQuery({
    queryKey: ['orders', 'fee'],
    enabled,
    queryFn: async ({ signal }) => (await apiGet<{ fee: FeeItem[] }>(API.orderCenterFee, {}, signal)).data.fee,
  });
}

export function useOrderAssociation(enabled: boolean) {
  return useQuery({
    queryKey: ['orders', 'association'],
    enabled,
    queryFn: async ({ signal }) =>
      (await apiGet<{ association: AssociationItem[] }>(API.orderCenterAssociation, {}, signal)).data.association,
  });
}
