// The console's route table (paths, lazy screens, titles): the browser router is made of it in app/router.tsx; the
// route table's own test (table.test.ts) reads it without a browser.
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../PageLoader';
import { RootRoute, RouteError } from '../RootRoute';
import { adminAreas, learnerAreas, type RouteHandle } from './areas';

/** Every screen is its own chunk: `lazy` loads the module and takes its `Component` export. */
type PageModule = { Component: ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).Component });

const placeholder = page(() => import('../../features/placeholders/PlaceholderRoute'));

/** Admin areas that have their own screen; every other area path renders the placeholder. */
export const adminPages: Record<string, ReturnType<typeof page>> = {
  users: page(() => import('../../features/students/StudentsPage')),
  Configuration: page(() => import('../../features/configuration/ConfigurationPage')),
  notifications: page(() => import('../../features/messages/MessagesPage')),
  questions: page(() => import('../../features/question-bank/QuestionsPage')),
  import: page(() => import('../../features/question-bank/CategoryTreePage')),
  providerlist: page(() => import('../../features/providers/ProvidersPage')),
  transactions: page(() => import('../../features/providers/ProvisionLicencesPage')),
  Coupons: page(() => import('../../features/coupons/CouponsPage')),
  applicationUsers: page(() => import('../../features/application-users/ApplicationUsersPage')),
  taskManager: page(() => import('../../features/task-manager/TaskManagerPage')),
  testhome: page(() => import('../../features/tests/TestsPage')),
  test: page(() => import('../../features/tests/editor/TestEditorPage')),
  testSeries: page(() => import('../../features/series/TestSeriesPage')),
  course: page(() => import('../../features/series/editor/CourseEditorPage')),
  simplifiedtesthome: page(() => import('../../features/quick-tests/QuickTestHomePage')),
  quickTest: page(() => import('../../features/quick-tests/QuickTestWizardPage')),
  tests: page(() => import('../../features/topicwise/TopicWiseWizardPage')),
};

/** Learner areas that have their own screen. */
export const learnerPages: Record<string, ReturnType<typeof page>> = {
  inbox: page(() => import('../../features/messages/InboxPage')),
  dashboard: page(() => import('../../features/learner/LearnerDashboardPage')),
  testviewer: page(() => import('../../features/learner/AssignedTestsPage')),
  courses: page(() => import('../../features/learner/SeriesCardsPage')),
  courseTestViewer: page(() => import('../../features/learner/SeriesTestsPage')),
};
const handle = (h: RouteHandle) => h;

export const routes: RouteObject[] = [
  {
    Component: RootRoute,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { path: '/', element: <Navigate to="/letsStart" replace /> },
      {
        path: '/letsStart',
        lazy: page(() => import('../../features/landing/LetsStartPage')),
        handle: handle({ title: 'Welcome' }),
      },
      {
        path: '/counseling',
        lazy: page(() => import('../../features/landing/ComingSoonPage')),
        handle: handle({ title: 'Counselling' }),
      },
      {
        path: '/assessment',
        lazy: page(() => import('../../features/landing/ComingSoonPage')),
        handle: handle({ title: 'Assessment' }),
      },
      {
        path: '/auth',
        lazy: page(() => import('../../features/auth/AuthLayout')),
        children: [
          {
            index: true,
            lazy: page(() => import('../../features/auth/SignInPage')),
            handle: handle({ title: 'Log in' }),
          },
          {
            path: 'signUp',
            lazy: page(() => import('../../features/auth/SignUpView')),
            handle: handle({ title: 'Sign Up' }),
          },
          {
            path: 'forgotPassword',
            lazy: page(() => import('../../features/auth/ForgotPasswordView')),
            handle: handle({ title: 'Forgot Password' }),
          },
        ],
      },
      {
        path: '/forgotPass/:token',
        lazy: page(() => import('../../features/auth/AuthLayout')),
        children: [
          {
            index: true,
            lazy: page(() => import('../../features/auth/ResetPasswordView')),
            handle: handle({ title: 'Reset Password' }),
          },
        ],
      },
      {
        path: '/admin',
        lazy: page(() => import('../layout/AdminLayout')),
        hydrateFallbackElement: <PageLoader variant="shell" />,
        children: [
          { index: true, element: <Navigate to="/admin/dashboard" replace /> },
          {
            path: 'dashboard',
            lazy: page(() => import('../../features/dashboard/DashboardPage')),
            handle: handle({ title: 'Dashboard' }),
          },
          ...adminAreas.map(
            (a): RouteObject => ({
              path: a.path,
              lazy: adminPages[a.path] ?? placeholder,
              handle: handle({ title: a.title, menuArea: !a.hidden }),
            }),
          ),
          {
            path: '*',
            lazy: page(() => import('../../features/placeholders/NotFoundInLayout')),
            handle: handle({ title: 'Page not found' }),
          },
        ],
      },
      {
        path: '/rtl',
        lazy: page(() => import('../layout/RtlLayout')),
        hydrateFallbackElement: (
          <div dir="rtl">
            <PageLoader variant="shell" />
          </div>
        ),
        children: [
          {
            index: true,
            lazy: page(() => import('../../features/dashboard/DashboardPage')),
            handle: handle({ title: 'Dashboard' }),
          },
        ],
      },
      {
        lazy: page(() => import('../layout/LearnerLayout')),
        hydrateFallbackElement: <PageLoader variant="shell" />,
        children: learnerAreas.map(
          (a): RouteObject => ({
            path: `/${a.path}`,
            lazy: learnerPages[a.path] ?? placeholder,
            handle: handle({ title: a.title }),
          }),
        ),
      },
      {
        // Before an attempt: the welcome page with the rules and Start (full screen, like the player).
        path: '/take/:testId',
        lazy: page(() => import('../../features/player/WelcomePage')),
        handle: handle({ title: 'Test' }),
      },
      {
        // The test player: full screen, outside the learner shell (its own chunk; it checks the session itself).
        path: '/attempt/:attemptId',
        lazy: page(() => import('../../features/player/PlayerPage')),
        handle: handle({ title: 'Test' }),
      },
      {
        path: '*',
        lazy: page(() => import('../../features/landing/NotFoundPage')),
        handle: handle({ title: 'Page not found' }),
      },
    ],
  },
];
