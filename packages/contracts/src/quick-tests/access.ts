// Quick tests are tests (testType 1) worked by holders of the SimplifiedTest privileges (part 3 §6). The shared
// test areas (sections, schedule, assignment, preview, section imports) accept either group: one table says which
// SimplifiedTest privilege stands for which Test privilege, for the endpoints' access and the services' checks.

import { hasPrivilege, type PrivilegeObject } from '../access/privileges';
import type { RequiredPrivilege } from '../common/endpoint';

/** Test privilege → the SimplifiedTest privilege that grants the same on a quick test. */
export const simplifiedTestEquivalent: Readonly<Record<string, string>> = {
  ViewTest: 'ViewSimplifiedTest',
  CreateTest: 'CreateSimplifiedTest',
  UpdateTest: 'UpdateSimplifiedTest',
  DeleteTest: 'DeleteSimplifiedTest',
  PreviewTest: 'PreviewSimplifiedTest',
  PublishTest: 'PublishSimplifiedTest',
  AssignStudents: 'AssignStudents',
  AssignTest: 'AssignSimplifiedTest',
  TestAnalytics: 'SimplifiedTestAnalytics',
  CleanData: 'CleanData',
  // the quick test's Sections tab: marking mandatory questions and adding topics are section edits
  MandatoryQuestion: 'UpdateSimplifiedTest',
  AssignTopicsToPool: 'UpdateSimplifiedTest',
};

/** The privileges listed plus their SimplifiedTest equivalents (an endpoint's access: any of them). */
export function orSimplifiedTest(...required: RequiredPrivilege[]): RequiredPrivilege[] {
  const out: RequiredPrivilege[] = [...required];
  for (const [area, name] of required) {
    const equivalent = area === 'Test' ? simplifiedTestEquivalent[name] : undefined;
    if (equivalent && !out.some(([a, n]) => a === 'SimplifiedTest' && n === equivalent))
      out.push(['SimplifiedTest', equivalent]);
  }
  return out;
}

/** Holds the Test privilege, or its SimplifiedTest equivalent. */
export const hasTestPrivilege = (p: Pick<PrivilegeObject, 'privileges'>, name: string) =>
  hasPrivilege(p, 'Test', name) ||
  (simplifiedTestEquivalent[name] !== undefined &&
    hasPrivilege(p, 'SimplifiedTest', simplifiedTestEquivalent[name]));

/**
 * The caller as the shared test services read it: its SimplifiedTest privileges also granted under their Test
 * names (so the one row rule and the one service decide for quick tests too).
 */
export function asTestCaller<P extends Pick<PrivilegeObject, 'privileges'>>(p: P): P {
  const test = new Set(p.privileges.Test ?? []);
  for (const [name, equivalent] of Object.entries(simplifiedTestEquivalent))
    if (hasPrivilege(p, 'SimplifiedTest', equivalent)) test.add(name);
  return { ...p, privileges: { ...p.privileges, Test: [...test] } };
}
