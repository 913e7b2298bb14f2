import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@domain/auth/csrf';
import { INCENTIVE_MESSAGES } from '@domain/incentives/constants';
import { STARTCOUNTING_QUERY_PATH } from '@domain/incentives/first-calls';
import { type AnswerContract, type AnswerSchema, ApiError, api, checkAnswer } from '@web/lib/api-client';

// The incentives service (spec 3 §7): POST /api/startCounting/query with {query, variables},
// answering data or errors. The first GraphQL error is the message; an empty reply is 'No data'
// (spec 3 §8 Milestone service).

interface GraphqlAnswer {
  data?: Record<string, unknown> | null;
  errors?: { message: string }[];
}

const GraphqlAnswerSchema: AnswerSchema<GraphqlAnswer> = {
  safeParse: (value) =>
    typeof value === 'object' && value !== null
      ? { success: true, data: value as GraphqlAnswer }
      : { success: false, error: { issues: [{ message: 'Unexpected answer' }] } },
};

export async function startCounting<T>(
  field: string,
  contract: AnswerContract<T>,
  query: string,
  variables?: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<T> {
  const answer = await api.post(
    STARTCOUNTING_QUERY_PATH,
    GraphqlAnswerSchema,
    { query, variables },
    { signal },
  );
  const first = answer.errors?.[0]?.message;
  if (first) throw new ApiError(200, { success: false, error: first });
  const value = answer.data?.[field];
  if (value === undefined || value === null)
    throw new ApiError(200, { success: false, error: INCENTIVE_MESSAGES.noData });
  const parsed = await checkAnswer(contract, value);
  if (!parsed.success)
    throw new ApiError(200, { success: false, error: 'The server sent an unexpected answer.' });
  return parsed.data;
}

/** POST /api/startCounting/export: the same body, answered as CSV text. */
export async function exportCsv(query: string, variables: Record<string, unknown>): Promise<string> {
  const response = await fetch('/api/startCounting/export', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'text/csv', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  if (!response.ok) {
    let message = 'The export failed.';
    try {
      message = (JSON.parse(text) as { error?: string }).error ?? message;
    } catch {
      // not JSON
    }
    throw new ApiError(response.status, { success: false, error: message });
  }
  return text;
}
