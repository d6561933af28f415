import { Package, type PackageId } from './codes';

/** The limits a licence package sets (spec part 1 §9, part 2 §9, part 3 §1 and §3 "Licence package"). */
export type LicenceLimits = {
  ApplicationUsers: number;
  TestSeries: number;
  Tests: number;
  OMREnabled: boolean;
  TestSections: number;
  TestSectionQuestions: number;
  TestSeriesTests: number;
  Students: number;
  TopicHierarchy: number;
  MaxTopics: number;
  /** Configuration values per configuration type (interest, class, state, ...). */
  ConfigurationValues: number;
};
export type CountedLimit = Exclude<keyof LicenceLimits, 'OMREnabled'>;

/** Seeded limits of each package; the database holds the numbers in force (licence_packages). */
export const defaultPackageLimits: Record<PackageId, LicenceLimits> = {
  [Package.Silver]: {
    ApplicationUsers: 5,
    TestSeries: 10,
    Tests: 50,
    OMREnabled: false,
    TestSections: 5,
    TestSectionQuestions: 100,
    TestSeriesTests: 20,
    Students: 500,
    TopicHierarchy: 3,
    MaxTopics: 100,
    ConfigurationValues: 50,
  },
  [Package.Gold]: {
    ApplicationUsers: 20,
    TestSeries: 50,
    Tests: 200,
    OMREnabled: true,
    TestSections: 10,
    TestSectionQuestions: 200,
    TestSeriesTests: 50,
    Students: 5000,
    TopicHierarchy: 4,
    MaxTopics: 500,
    ConfigurationValues: 100,
  },
  [Package.Platinum]: {
    ApplicationUsers: 100,
    TestSeries: 500,
    Tests: 5000,
    OMREnabled: true,
    TestSections: 10,
    TestSectionQuestions: 500,
    TestSeriesTests: 200,
    Students: 1_000_000,
    TopicHierarchy: 6,
    MaxTopics: 5000,
    ConfigurationValues: 500,
  },
  [Package.Trial]: {
    ApplicationUsers: 2,
    TestSeries: 2,
    Tests: 5,
    OMREnabled: false,
    TestSections: 3,
    TestSectionQuestions: 50,
    TestSeriesTests: 5,
    Students: 25,
    TopicHierarchy: 3,
    MaxTopics: 50,
    ConfigurationValues: 20,
  },
  [Package.CollegePredictor]: {
    ApplicationUsers: 5,
    TestSeries: 10,
    Tests: 20,
    OMREnabled: false,
    TestSections: 5,
    TestSectionQuestions: 100,
    TestSeriesTests: 20,
    Students: 1000,
    TopicHierarchy: 3,
    MaxTopics: 100,
    ConfigurationValues: 50,
  },
};

/** The spec's upgrade message for each counted limit ({n} is the limit). */
export const licenceMessages: Record<CountedLimit, string> = {
  Students: 'Need to upgrade License for adding more students',
  ConfigurationValues: 'Please upgrade to higher package for adding more than {n} configurations.',
  TestSeries:
    'Your current package allows up to {n} test series.Please upgrade to higher package to create additional test series.',
  Tests:
    'Your current package allows up to {n} tests.Please upgrade to higher package to create additional tests.',
  ApplicationUsers: 'Please upgrade to higher package to create additional users.',
  MaxTopics: 'Please upgrade to higher package to create more than {n} topics.',
  TopicHierarchy: 'You cannot create more than {n} level hierarchy.',
  TestSections: 'Please upgrade to higher package to add more than {n} sections.',
  TestSectionQuestions: 'Please upgrade to higher package to add more than {n} questions.',
  TestSeriesTests: 'Please upgrade to higher package to add more than {n} tests.',
};
export const omrNotEnabledMessage = 'OMR is not enabled for your package. Please upgrade to higher package.';

/**
 * The one licence rule: adding `adding` items to `current` is allowed while the total stays within the
 * limit. Returns null when allowed, else the spec's message for that limit.
 */
export function checkLicenceLimit(
  limits: LicenceLimits,
  limit: CountedLimit,
  current: number,
  adding = 1,
): string | null {
  const max = limits[limit];
  if (current + adding <= max) return null;
  return licenceMessages[limit].replace('{n}', String(max));
}
