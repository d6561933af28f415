// Sessions for component tests: what GET /api/auth/session answers, typed and checked by its schema.
import { privilegeCatalogue } from '@assess/contracts/access';
import { type Session, sessionSchema } from '@assess/contracts/auth';

type SessionPatch = Partial<Omit<Session, 'userDetails'>> & { userDetails?: Partial<Session['userDetails']> };

/** Every privilege of the catalogue (a Super User of a Platinum package), less the negative ones. */
export const allPrivileges = (): Record<string, string[]> =>
  Object.fromEntries(
    Object.entries(privilegeCatalogue).map(([area, names]) => [
      area,
      names.filter((n) => !['HideUpdateProfile', 'HideChangePassword', 'PlayCourse'].includes(n)),
    ]),
  );

/** A staff session of an ERP provider (type 1) holding every privilege, unless patched. */
export function staffSession(patch: SessionPatch = {}): Session {
  return sessionSchema.parse({
    trialAlert: false,
    validTo: null,
    ...patch,
    userDetails: {
      userId: 2,
      userName: 'erp@example.com',
      firstName: 'Erp',
      lastName: 'Admin',
      fullName: 'Erp Admin',
      email: 'erp@example.com',
      providerId: 1,
      providerName: 'Demo ERP Institute',
      providerTypeId: 1,
      contentProviderIds: [],
      userTypeId: 1,
      validFrom: null,
      validTo: null,
      ...patch.userDetails,
    },
    privilegeObject: patch.privilegeObject ?? {
      packageId: 4,
      privileges: allPrivileges(),
      roles: [{ id: 1 }],
    },
    licenseObject: patch.licenseObject ?? {
      packageId: 4,
      ApplicationUsers: 100,
      TestSeries: 100,
      Tests: 100,
      OMREnabled: true,
      TestSections: 10,
      TestSectionQuestions: 200,
      TestSeriesTests: 50,
      Students: 1000,
      TopicHierarchy: 3,
      MaxTopics: 100,
      ConfigurationValues: 100,
    },
  });
}

/** A student's session (user type 4). */
export const studentSession = (patch: SessionPatch = {}): Session =>
  staffSession({
    privilegeObject: { packageId: 4, privileges: {}, roles: [] },
    ...patch,
    userDetails: { userId: 9, userName: 'student@example.com', userTypeId: 4, ...patch.userDetails },
  });
