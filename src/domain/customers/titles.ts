// Consultant career titles (spec 1 §3: paidAsTitleId, recognitionTitleId). The spec gives the ids
// only; the demo company and the account records use 1–8, named here so screens and the GraphQL
// `userAccount` query can show a title instead of a number.

export const TITLES = [
  { id: 1, name: 'Consultant' },
  { id: 2, name: 'Senior Consultant' },
  { id: 3, name: 'Lead Consultant' },
  { id: 4, name: 'Team Leader' },
  { id: 5, name: 'Senior Team Leader' },
  { id: 6, name: 'Director' },
  { id: 7, name: 'Senior Director' },
  { id: 8, name: 'Executive Director' },
] as const;

const byId = new Map<number, string>(TITLES.map((t) => [t.id, t.name]));

/** The title's name, or null when the account holds no title (or an id outside the list). */
export const titleName = (id: number | null | undefined): string | null =>
  id == null ? null : (byId.get(id) ?? `Title ${id}`);
