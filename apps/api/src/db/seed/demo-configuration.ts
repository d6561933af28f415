import { ProviderType } from '@assess/contracts/access';
import type { ConfigurationKey } from '@assess/contracts/configuration';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { configurationValues, interests, providers } from '../schema';
import type { DemoProviderIds } from './demo';

/** Demo lists; a leading '*' marks the value the student form preselects (isDefault). */
const demoLists: Record<Exclude<ConfigurationKey, 'Interest'>, string[]> = {
  State: [
    'Andhra Pradesh',
    'Delhi',
    'Gujarat',
    'Karnataka',
    'Kerala',
    '*Maharashtra',
    'Punjab',
    'Rajasthan',
    'Tamil Nadu',
    'Telangana',
    'Uttar Pradesh',
    'West Bengal',
  ],
  City: [
    'Ahmedabad',
    'Bengaluru',
    'Chennai',
    'Hyderabad',
    'Jaipur',
    'Kochi',
    'Kolkata',
    'Lucknow',
    '*Mumbai',
    'New Delhi',
    'Pune',
    'Chandigarh',
  ],
  Class: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*10', '11', '12'],
  EducationBoard: ['*CBSE', 'ICSE', 'State Board'],
  Education: ['Primary', 'Secondary', 'Higher Secondary', 'Diploma', 'Graduate', 'Post Graduate'],
  Profession: [
    'Business',
    'Doctor',
    'Engineer',
    'Farmer',
    'Government Service',
    'Lawyer',
    'Teacher',
    'Other',
  ],
  Language: [
    '*English',
    'Hindi',
    'Bengali',
    'Gujarati',
    'Kannada',
    'Malayalam',
    'Marathi',
    'Tamil',
    'Telugu',
  ],
  Objective: ['Board Exam Preparation', 'Competitive Exam Preparation', 'Career Guidance'],
  TargetAudience: ['School Students', 'College Students', 'Parents'],
};
const demoInterests = [
  'Science',
  'Mathematics',
  'Engineering',
  'Medicine',
  'Commerce',
  'Arts',
  'Sports',
  'Music',
  'Computer Science',
  'Law',
  'Design',
  'Civil Services',
];

/**
 * Demo configuration values and interests (issue 4) for every demo provider that uses the configuration
 * page (all but the platform owner): two set-based inserts. Subscribers (type 3) get no Objective /
 * Target Audience, as their page has no such sections.
 */
export async function seedDemoConfiguration(db: Db, now: Date, ids: DemoProviderIds) {
  const providerIds = [...ids.entries()].filter(([key]) => key !== 'owner').map(([, id]) => id);
  if (!providerIds.length) return;
  const types = await db
    .select({ id: providers.providerId, type: providers.providerTypeId })
    .from(providers)
    .where(inArray(providers.providerId, providerIds));
  const values: (typeof configurationValues.$inferInsert)[] = [];
  const interestRows: (typeof interests.$inferInsert)[] = [];
  for (const { id: providerId, type } of types) {
    for (const [key, list] of Object.entries(demoLists) as [ConfigurationKey, string[]][]) {
      if (type === ProviderType.Subscriber && (key === 'Objective' || key === 'TargetAudience')) continue;
      list.forEach((raw, i) => {
        const isDefault = raw.startsWith('*');
        const valueString = isDefault ? raw.slice(1) : raw;
        values.push({
          providerId,
          key,
          sequenceId: i + 1,
          valueInt: key === 'Class' ? Number(valueString) : null,
          valueString,
          isDefault,
          isActive: true,
          createdDate: now,
          updatedDate: now,
        });
      });
    }
    for (const name of demoInterests) {
      interestRows.push({
        providerId,
        interests: name,
        description: name,
        isActive: true,
        createdDate: now,
        updatedDate: now,
      });
    }
  }
  await db.insert(configurationValues).values(values);
  await db.insert(interests).values(interestRows);
}
