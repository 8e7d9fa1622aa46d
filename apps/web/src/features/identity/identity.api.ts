import { API } from '@casino/shared/player-api-paths';
import type { KycSide, KycStatusAnswer } from '@casino/shared/schemas/kyc';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, request } from '../../lib/api.ts';

/** Identity verification (issue 12 item 5): the member's own state, and the three documents it sends. */
export type { KycSide, KycStatusAnswer };

export const identityKeys = { status: ['kyc', 'status'] as const };

/** While documents wait for a decision the state is read again every few seconds. */
export function useKycStatus(enabled: boolean) {
  return useQuery({
    queryKey: identityKeys.status,
    enabled,
    queryFn: async () => (await apiGet<KycStatusAnswer>(API.kyc.status)).data,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 5_000 : false),
  });
}

export function useSetKycStatus() {
  const client = useQueryClient();
  return (status: KycStatusAnswer) => client.setQueryData(identityKeys.status, status);
}

/** Sends the files as multipart/form-data; the answer is the new state (pending). */
export async function sendDocuments(files: Record<KycSide, File>, birthDate: string) {
  const form = new FormData();
  form.append('birth_date', birthDate);
  for (const [side, file] of Object.entries(files)) form.append(side, file, file.name);
  return request<KycStatusAnswer>(API.kyc.documents, { method: 'POST', body: form });
}
