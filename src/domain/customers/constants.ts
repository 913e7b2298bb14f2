// Customer constants the browser needs without the customers' contracts (and zod): ADR 043.

export const NO_MATCHES_MESSAGE = 'No matches found. Please enter your search again.';
export const CUSTOMER_SEARCH_PAGE_SIZE = 20;

/** The company: sponsor and enroller id 1 (spec 1 §9). */
export const COMPANY_NAME = 'The company';
