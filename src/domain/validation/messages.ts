// The form messages of spec 3 §5, word for word. Every form in the app, server and browser,
// takes its wording from here so a rule reads the same wherever it fails.

/** Labels may carry a trailing star to mark them required; messages use the label without it. */
export const plainLabel = (label: string) => label.replace(/\s*\*\s*$/, '').trim();

export const MESSAGES = {
  required: (label: string) => `${plainLabel(label)} is required`,
  email: 'Must be a valid email address',
  usZip: 'Must be a valid US zip code',
  caPostal: 'Must be a valid CA zip code',
  phone: 'Must be a valid telephone number',
  /** Spec 3 §5 names the address rule but not its wording; this follows the other "Must be a valid …" messages. */
  address: 'Must be a valid address',
  addressOptionalLength: 'Address must not be over 30 characters',
  maxLength: (field: string, n: number) => `Max length of the field "${plainLabel(field)}" is ${n} symbols`,
  minLength: (field: string, n: number) => `Min length of the field "${plainLabel(field)}" is ${n} symbols`,
  limit: (label: string, limit: number) => `${plainLabel(label)} can not exceed ${limit} characters`,
  passwordLength: 'Please enter 6 or more characters',
  passwordMatch: 'Please make sure your passwords match',
  float: 'Please enter a valid number',
  date: 'Must be a valid date',
  dateProvide: 'Must provide valid date',
  dateOver18: 'Must provide valid date: Must be over 18',
  dateNotRequired: 'Invalid Date: date not required',
  reason: "The Reason field shouldn't contain the 'expire' word",
  /** Spec 3 §5 writes `${limit}`: the limit is an amount of money, shown with its dollar sign. */
  maxAmount: (limit: number) => `Value must be less than or equal to $${limit}`,
  taxNumber: 'TIN must be numeric and 9 digits in length',
  /** Card fields are named in spec 3 §5's type list without wording; these follow its style. */
  creditCardNumber: 'Must be a valid card number',
  creditCardVerification: 'Must be a valid security code',
  /** Business number shape (spec 3 §5 input formatting); the spec gives no wording for it. */
  businessNumber: 'Business number must be 9 digits, 2 letters and 4 digits',
} as const;

/** Lengths of spec 3 §9: names and address lines 35, the optional address line 30. */
export const NAME_MAX_LENGTH = 35;
export const ADDRESS_MAX_LENGTH = 35;
export const ADDRESS_OPTIONAL_MAX_LENGTH = 30;
/** Spec 3 §5 Password: 'Please enter 6 or more characters'. */
export const FORM_PASSWORD_MIN_LENGTH = 6;
