import { checkedInDevelopment } from '@web/lib/api-client';

// The address services' answers the address form reads (spec 3 §7 autocomplete; ADR 029 the
// ZIP/postal code's place). Their contracts (and zod) load in development only (ADR 043): the
// server checks every answer against the same contract before sending it.
const maps = () => import('@domain/maps/maps');
export const AutocompleteAnswer = checkedInDevelopment(() => maps().then((m) => m.AutocompleteAnswer));
export const PostalCodeAnswer = checkedInDevelopment(() => maps().then((m) => m.PostalCodeAnswer));
