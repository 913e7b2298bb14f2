import { z } from 'zod';
import { AUTOCOMPLETE_MAX_RECORDS } from '../reference/constants';

// Address autocomplete and verification (spec 3 §2 verification dialog, §3 address entities, §4
// address verification, §7 address services), served by the built-in provider (DESIGN §2).

export const MapsSearchQuery = z.object({
  q: z.string().trim().min(1, 'Enter an address to search').max(120),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  sessiontoken: z.string().min(8, 'A session token is required').max(80),
  /** Limit the places to one account's addresses on file plus the public dataset. */
  uid: z.string().max(64).optional(),
  country: z.enum(['US', 'CA']).optional(),
});
export const MapsFindQuery = z.object({
  place_id: z.string().min(1).max(200),
  sessiontoken: z.string().min(8, 'A session token is required').max(80),
});

export const Place = z.object({ place_id: z.string(), description: z.string() });
export const PlaceDetail = z.object({
  place_id: z.string(),
  city: z.string(),
  postalCode: z.string(),
  region: z.string(),
  address: z.string(),
  country: z.string(),
});
export type PlaceDetail = z.infer<typeof PlaceDetail>;
/** Failures return empty data (spec 3 §8). */
export const MapsSearchAnswer = z.object({ success: z.boolean(), data: z.array(Place) });
export const MapsFindAnswer = z.object({ success: z.boolean(), data: PlaceDetail.nullable() });

export const AutocompleteQuery = z.object({
  ff: z.string().trim().min(1, 'Enter some of the address').max(120),
  country: z.enum(['US', 'CA']).default('US'),
  maxrecords: z.coerce.number().int().min(1).max(50).default(AUTOCOMPLETE_MAX_RECORDS),
  format: z.string().max(10).default('json'),
  uid: z.string().max(64).optional(),
});
/** Melissa-style record: Address {Address, DeliveryAddress, Locality, AdministrativeArea, PostalCode, ISO3166_2}. */
export const AutocompleteRecord = z.object({
  Address: z.object({
    Address: z.string(),
    DeliveryAddress: z.string(),
    Locality: z.string(),
    AdministrativeArea: z.string(),
    PostalCode: z.string(),
    ISO3166_2: z.string(),
  }),
  /**
   * Where the suggestion comes from (DESIGN §2, ADR 029): the customer's own saved addresses, an
   * address on file on that street (street, city, region and code only), or a dataset place.
   */
  Source: z.enum(['saved', 'onFile', 'place']).optional(),
});
export const AutocompleteAnswer = z.object({ Results: z.array(AutocompleteRecord) });
/** The suggestion shape the address form uses (spec 3 §3 autocomplete suggestion). */
export const Suggestion = z.object({
  label: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
});
export type Suggestion = z.infer<typeof Suggestion>;

/** The place of one ZIP/postal code in the verification dataset: the address form's ZIP/state check. */
export const PostalCodeQuery = z.object({
  code: z.string().trim().min(1, 'Enter a ZIP or postal code').max(12),
  country: z.enum(['US', 'CA']).default('US'),
});
export const PostalCodeAnswer = z.object({
  success: z.literal(true),
  /** Null when the dataset knows no such code. */
  data: z.object({ postalCode: z.string(), region: z.string() }).nullable(),
});

export const VerifyQuery = z.object({
  act: z.literal('Check', { error: 'act must be Check' }),
  a1: z.string().trim().max(60).default(''),
  a2: z.string().trim().max(60).default(''),
  loc: z.string().trim().max(60).default(''),
  admarea: z.string().trim().max(40).default(''),
  postal: z.string().trim().max(12).default(''),
  ctry: z.enum(['US', 'CA']).default('US'),
});
export type VerifyQuery = z.output<typeof VerifyQuery>;

/** Suggested address (spec 3 §3). */
export const SuggestedAddress = z.object({
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  firstAddress: z.string(),
  secondAddress: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  postalCode: z.string(),
});
export type SuggestedAddress = z.infer<typeof SuggestedAddress>;

export const VerifyRecord = z.object({
  /** Comma list of result codes: AC… a correction is suggested, AE… an error, AV… verified. */
  Results: z.string(),
  AddressLine1: z.string(),
  Locality: z.string(),
  AdministrativeArea: z.string(),
  PostalCode: z.string(),
  CountryISO3166_1_Alpha2: z.string(),
  /** Why, in words, for the dialog. */
  Messages: z.array(z.string()),
});
export type VerifyRecord = z.infer<typeof VerifyRecord>;
export const VerifyAnswer = z.object({ Records: z.array(VerifyRecord) });
export type VerifyAnswer = z.infer<typeof VerifyAnswer>;

export { needsVerification, verificationFlags } from './verification';
