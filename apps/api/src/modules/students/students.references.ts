import { studentEducation, studentInterests, studentProfiles } from '../../db/schema';
import type { ConfigurationReference } from '../configuration';

/** The configuration values and interests a student holds (part 1 §3 "Student info", "Education info"). */
export const studentConfigurationReferences: ConfigurationReference[] = [
  { name: 'students.state', keys: ['State'], column: studentProfiles.state },
  { name: 'students.city', keys: ['City'], column: studentProfiles.city },
  { name: 'students.fatherProfession', keys: ['Profession'], column: studentProfiles.fatherProfession },
  { name: 'students.language', keys: ['Language'], column: studentEducation.language },
  { name: 'students.board', keys: ['EducationBoard'], column: studentEducation.board },
  { name: 'students.class', keys: ['Class'], column: studentEducation.class },
  { name: 'students.education', keys: ['Education'], column: studentEducation.education },
  { name: 'students.interests', keys: ['Interest'], column: studentInterests.interestId },
];
