import { accountsMessages } from '../auth/accounts';

/**
 * Provider page and wizard messages (part 3 §5 "Provider wizard", §8 "Provider"). Quoted spec messages
 * word for word; the ones marked "ours" cover cases the spec does not show (docs/FEATURES.md).
 */
export const providerMessages = {
  // §8 Provider
  added: 'Provider successfully added!',
  updated: 'Provider successfully updated!',
  updateError: 'Error while updating provider',
  statusUpdated: 'Provider Updated successfully',
  credentials:
    'Provider added successfully! Please make sure to note down the admin credentials displayed below.',
  // §5 step 1
  nameExists: 'Provider name already exist.',
  emailExists: 'Provider email already exist.',
  mobileExists: 'Provider mobile already exist.',
  typeMandatory: 'Provider type is mandatory.',
  packageMandatory: 'Package type is mandatory.',
  contentProvidersMandatory: 'Content providers is mandatory.',
  validFromMandatory: 'Valid from date is mandatory.',
  validToMandatory: 'Valid to date is mandatory.',
  validToBeforeFrom: 'The Valid To date cannot be earlier than the Valid From date.',
  // Shared with the provider profile (part 1): same rule, same words.
  nameMin: accountsMessages.providerNameMin,
  invalidEmail: accountsMessages.invalidEmail,
  mobileDigits: accountsMessages.mobileDigits,
  validFromPast: accountsMessages.validFromPast,
  validToPast: accountsMessages.validToPast,
  // §5 step 2: the admin user's e-mail and mobile are unique among users (registration's words).
  userEmailExists: accountsMessages.emailExists,
  userMobileExists: accountsMessages.mobileExists,
  // Ours
  detailsMin: 'Details must have at least 3 characters.',
  detailsMax: 'Details can have at most 200 characters.',
  addressMin: 'Address must have at least 3 characters.',
  firstNameMin: 'First Name must have at least 3 characters.',
  lastNameMin: 'Last Name must have at least 3 characters.',
  platinumRequired: 'Simplified Test and Aggregator providers need the Platinum package.',
  subscribersOnly: 'An aggregator can only create Subscriber providers.',
  contentProviderNotOffered: 'Choose the content providers from the list.',
  typeLocked: 'The provider type cannot be changed.',
  notFound: 'Provider not found.',
  ownerStaysActive: 'The platform owner cannot be deactivated.',
  cannotCreate: 'Only the platform owner and aggregators can create providers.',
  fixErrors: 'Please correct the highlighted fields.',
} as const;

/**
 * Provision Licenses messages (part 3 §5 "Licence allocation", §8 "Licences"); ours where marked.
 * `{n}` and `{series}` are filled in by the server.
 */
export const licenceProvisionMessages = {
  saved: 'Changes added successfully.',
  saveError: 'Error saving provider resource mapping',
  required: 'Required',
  // Ours
  countRange: 'Enter a whole number from 0 to 1000000.',
  notEnough: 'Only {n} more licences are available for {series}.',
  belowAssigned: '{n} licences of {series} are already in use; the count cannot be lower.',
  seriesNotFound: 'Test series not found.',
  duplicateSeries: 'Each test series can be listed only once.',
  selectRows: 'Please select at least one test series.',
  wrongTarget: 'Licences are procured for aggregators and provisioned by an aggregator to its subscribers.',
  chooseSubscriber: 'Choose a subscriber to provision licences to.',
} as const;

/** `{n}` / `{series}` placeholders of a licence message. */
export const fillLicenceMessage = (message: string, values: { n?: number; series?: string }) =>
  message.replace('{n}', String(values.n ?? '')).replace('{series}', values.series ?? '');
