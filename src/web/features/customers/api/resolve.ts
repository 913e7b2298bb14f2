import { ResolveAnswer } from '@domain/customers/jump';
import { api } from '@web/lib/api-client';

/** Where a jump-box entry leads (GET /api/customers/resolve); loaded on first use, off the shell's bundle. */
export const resolveJump = (q: string) => api.get('/api/customers/resolve', ResolveAnswer, { query: { q } });
