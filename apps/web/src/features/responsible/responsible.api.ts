import { API } from '@casino/shared/player-api-paths';
import type { LimitKind, LimitPeriod, LimitView, ResponsibleStatus, StatementAnswer } from '@casino/shared/schemas/responsible';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, apiPost } from '../../lib/api.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { getToken } from '../../lib/session.ts';

/**
 * Responsible gaming (issue 12): the member's status in one call, the limits, the reality check,
 * pause and self-exclusion, and the statement (JSON for the page, CSV for the download).
 */
export type { LimitKind, LimitPeriod, LimitView, ResponsibleStatus, StatementAnswer };

export const careKeys = {
  status: ['responsible', 'status'] as const,
  statement: (from: string, to: string) => ['responsible', 'statement', from, to] as const,
};

/** Everything the centre shows: limits with use and pending raises, pause, exclusion, session. */
export function useResponsibleStatus(enabled: boolean) {
  return useQuery({
    queryKey: careKeys.status,
    enabled,
    queryFn: async () => (await apiGet<ResponsibleStatus>(API.responsible.status)).data,
  });
}

/** After a change the status is read again (the server decides what applies now and what waits). */
export function useRefreshStatus() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: careKeys.status });
}

export type LimitInput = { kind: LimitKind; period: LimitPeriod; value: number | null };

/** Sets or removes limits (centavos or minutes); the answer holds every limit as it now stands. */
export async function saveLimits(limits: LimitInput[]): Promise<LimitView[]> {
  return (await apiPost<{ limits: LimitView[] }>(API.responsible.limits, { limits })).data.limits;
}

export async function saveRealityCheck(minutes: number): Promise<void> {
  await apiPost(API.responsible.realityCheck, { minutes });
}

export async function startPause(days: number, password: string): Promise<void> {
  await apiPost(API.responsible.pause, { days, password });
}

export async function startSelfExclusion(months: number | 'indefinite', password: string): Promise<void> {
  await apiPost(API.responsible.selfExclusion, { months, password });
}

export function useStatement(from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: careKeys.statement(from, to),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async () => (await apiGet<StatementAnswer>(API.responsible.statement, { from, to })).data,
  });
}

/**
 * The statement as CSV. The API wants the bearer token, which a plain link cannot send, so the
 * file is fetched and handed to the browser as a download.
 */
export async function downloadStatementCsv(from: string, to: string): Promise<void> {
  const query = new URLSearchParams({ from, to, format: 'csv', lang: currentLanguage() });
  const token = getToken();
  const response = await fetch(`${API.responsible.statement}?${query}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw new ApiError(response.status, body ?? { code: response.status, status: 'error', message: '', data: null });
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `extrato-${from}-${to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
