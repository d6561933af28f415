import { date, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { ownerProvider, users } from './access';
import { audit, identity, keyLink, link } from './columns';
import { configurationValues, interests } from './configuration';

/** A field holding a configuration value (its id; null when not given). */
const configValue = (name: string) => integer(name).references(() => configurationValues.id);

/**
 * Student info beyond the users row (part 1 §3 "Student info"): a student is a users row with user type 4;
 * name, e-mail, mobile, user name (= e-mail), active flag and password live there. Pending = users.is_active false.
 * Configuration-valued fields hold configuration_values ids.
 */
export const studentProfiles = pgTable(
  'student_profiles',
  {
    userId: keyLink('user_id', () => users.userId, 'cascade'),
    providerId: ownerProvider(),
    gender: smallint('gender'),
    fatherName: text('father_name'),
    fatherMobile: text('father_mobile'),
    fatherEmail: text('father_email'),
    fatherProfession: configValue('father_profession'),
    state: configValue('state'),
    city: configValue('city'),
    pinCode: text('pin_code'),
    dob: date('dob', { mode: 'string' }),
    profilePicture: text('profile_picture'),
    ...audit,
  },
  (t) => [
    index('student_profiles_provider_idx').on(t.providerId),
    index('student_profiles_state_idx').on(t.state),
    index('student_profiles_city_idx').on(t.city),
    index('student_profiles_profession_idx').on(t.fatherProfession),
  ],
);

/** Education info (part 1 §3): one row per student. */
export const studentEducation = pgTable(
  'student_education',
  {
    educationId: identity('education_id'),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.userId, { onDelete: 'cascade' }),
    language: configValue('language'),
    board: configValue('board'),
    class: configValue('class'),
    education: configValue('education'),
    ...audit,
  },
  (t) => [
    index('student_education_language_idx').on(t.language),
    index('student_education_board_idx').on(t.board),
    index('student_education_class_idx').on(t.class),
    index('student_education_education_idx').on(t.education),
  ],
);

/** Sibling details (part 1 §3): the form allows at most one. */
export const studentSiblings = pgTable(
  'student_siblings',
  {
    siblingId: identity('sibling_id'),
    userId: link('user_id', () => users.userId, 'cascade'),
    siblingName: text('sibling_name'),
    schoolCollege: text('school_college'),
    mobile: text('mobile'),
    email: text('email'),
    dob: date('dob', { mode: 'string' }),
    education: text('education'),
    ...audit,
  },
  (t) => [index('student_siblings_user_idx').on(t.userId)],
);

/** A student's interests (registration payload intrestList). */
export const studentInterests = pgTable(
  'student_interests',
  {
    userId: link('user_id', () => users.userId, 'cascade'),
    interestId: link('interest_id', () => interests.interestId),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.interestId] }),
    index('student_interests_interest_idx').on(t.interestId),
  ],
);
