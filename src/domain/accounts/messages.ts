// The alert messages of spec 1 §8, word for word. Server answers and screens both use these.

export const ACCOUNT_MESSAGES = {
  success: 'Successfully submitted',
  failure: 'Failed to update.',
  commentFailed: 'Failed to add comment.',
  /** The mentor is the enroller (spec 1 §2 "enroller (mentor)"): a refused enroller change (ADR 027). */
  mentorFailed: 'Unable to update Mentor information',
  /** The enroller change failed for another reason than the choice of enroller. */
  enrollerFailed: 'Unable to update enrollerId',
  pwsUnavailable: 'This PWS is unavailable',
  pwsFailed: 'Unable to update PWS',
  emailAndInfoFailed: 'Failed to update email and customer info.',
  countryFailed: 'Failed to update country.',
  membershipFailed: 'An error occurred when processing membership: ',
  invalidMembershipChange: 'Invalid membership status change',
  customerFailed: 'Failed to update customer info.',
  missingIds: 'Invalid sponsorId or PhoenixId to update Phoenix account.',
  emptyExpiration: 'Expiration date should not be empty',
  expirationSuccess: 'The member expiration date has been successfully updated.',
  expirationFailed: 'An error occurred when updating expiration date: ',
  lapseSuccess: 'The member is lapsed now.',
  lapseFailed: 'An error occurred when trying to convert to a lapsed member: ',
  restoreMemberSuccess: 'Member has been successfully restored to a consultant',
  restoreMemberFailed: 'Failed to restore member to consultant',
  restoreClientsSuccess: 'Clients and Members has been successfully restored to consultant.',
  restoreClientsFailed: 'Failed to restore clients and members to consultant.',
  restoreDownlineSuccess: 'Downline has been successfully restored to consultant.',
  restoreDownlineFailed: 'Failed to restore downline to consultant.',
  termsEmailSuccess: 'Successfully sent terms and conditions acceptance email.',
  termsEmailFailed: 'Could not resend email. ',
  resetPasswordSuccess: 'Reset password email sent',
  resetPasswordFailed: 'Reset password email was not sent, please try again later',
  signInAsFailed: 'Failed to generate user token',
  statusSuccess: 'Updated account status successfully.',
  statusFailed: 'An error occurred when updating account status: ',
  tinInvalid: 'TIN must be numeric and 9 digits in length',
  // Employee offboarding (spec 1 §8 Admin and employee messages).
  authNotDisabled: 'Auth could not be disabled',
  userNotModified: 'User could not be modified',
  csUserNotDeleted: 'Could not delete from cs-users',
  // Commission compression (spec 1 §8).
  compressionError: 'Internal Error: the sponsor compression could not be completed.',
  /** The company account is its own sponsor: compressing it would move its downline onto itself. */
  companyCompression:
    'The company account (1) heads the sponsor tree: it has no sponsor to move its downline up to.',
} as const;

/**
 * Why a sponsor or enroller change was refused, in the words of its tree: the enroller is the
 * mentor ("Unable to update Mentor information: …"); the spec has no sponsor message, so a
 * sponsor refusal is the generic failure followed by the reason ("Failed to update. …").
 */
export const uplineRefusal = (tree: 'sponsor' | 'enroller', reason: string) =>
  tree === 'enroller'
    ? `${ACCOUNT_MESSAGES.mentorFailed}: ${reason}`
    : `${ACCOUNT_MESSAGES.failure} ${reason.charAt(0).toUpperCase()}${reason.slice(1)}`;

export const serviceNotSupported = (service: string, country: string) =>
  `${service} in ${country} is not supported`;
export const employeeRecordMissing = (documentId: string, service: string) =>
  `User with document id ${documentId} does not exist in records for ${service}`;
export const notEmployeeAccount = (uid: string) => `Account with uid ${uid} is not an employee account`;

/** Spec 1 §7 Results: the system comment after a failed SSN/SIN validation, followed by the code. */
export const INVALID_TAX_COMMENT_PREFIX =
  'User attempted Enrollment and experienced issues validating SSN/SIN number. The error code provided by the system reads: ';

export const SPONSOR_COMPRESSION_ERROR = 'SPONSOR_COMPRESSION_ERROR';
