import { accountsModule } from './accounts';
import { analyticsModule } from './analytics';
import { applicationUsersModule } from './application-users';
import { assignmentModule } from './assignment';
import { authModule } from './auth';
import { configurationModule } from './configuration';
import { couponsModule } from './coupons';
import { dashboardModule } from './dashboard';
import { learnerModule } from './learner';
import { licencesModule } from './licences';
import { messagesModule } from './messages';
import { omrModule } from './omr';
import { providersModule } from './providers';
import { pushModule } from './push';
import { questionBankModule } from './question-bank';
import { questionImportsModule } from './question-imports';
import { quickTestsModule } from './quick-tests';
import { schedulingModule } from './scheduling';
import { sectionsModule } from './sections';
import { seriesModule } from './series';
import { studentImportModule } from './student-import';
import { studentsModule } from './students';
import { tasksModule } from './tasks';
import { testsModule } from './tests';
import { topicwiseModule } from './topicwise';

/**
 * Every area module of the API, once (how to add one: ./README.md). buildApp registers them with
 * registerModules: in this order, except that a module always comes after the modules it `needs`.
 */
export const appModules = [
  authModule,
  tasksModule,
  accountsModule,
  configurationModule,
  dashboardModule,
  studentsModule,
  studentImportModule,
  pushModule,
  messagesModule,
  providersModule,
  licencesModule,
  couponsModule,
  applicationUsersModule,
  questionBankModule,
  sectionsModule,
  questionImportsModule,
  testsModule,
  seriesModule,
  schedulingModule,
  assignmentModule,
  learnerModule,
  omrModule,
  quickTestsModule,
  topicwiseModule,
  analyticsModule,
] as const;
