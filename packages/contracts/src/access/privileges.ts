/**
 * Privilege names by area, exactly as the spec lists them (part 1 §6, part 2 §6, part 3 §6).
 * Names the spec does not give (Message, OMR, Licence) are ours and listed in docs/FEATURES.md.
 */
export const privilegeCatalogue = {
  Provider: ['HideUpdateProfile', 'AddProvider', 'ViewProvider', 'Active/InactiveProvider'],
  User: ['HideChangePassword', 'ViewUser', 'AddUser', 'UpdateUser', 'CloseUser'],
  SystemConfiguration: [
    'ViewSystemConfiguration',
    'AddSystemConfiguration',
    'Active/InactiveSystemConfiguration',
  ],
  Student: ['ViewStudent', 'UpdateStudent', 'AddStudent', 'ImportStudent'],
  Message: ['ViewMessage', 'AddMessage', 'UpdateMessage', 'DeleteMessage'],
  Question: [
    'ViewQuestion',
    'CreateQuestion',
    'UpdateQuestion',
    'PreviewQuestion',
    'PublishQuestion',
    'DeleteQuestion',
    'NumericalQuestionType',
  ],
  CategoryTopic: [
    'CreateCategory',
    'CreateTopic',
    'EditTopic',
    'DeleteTopic',
    'ImportExcel',
    'PreviewQuestion',
    'BulkImport',
    'SetAnswer',
  ],
  TaskManager: ['ViewTask'],
  Test: [
    'ViewTest',
    'CreateTest',
    'UpdateTest',
    'CopyTest',
    'DeleteTest',
    'PreviewTest',
    'PublishTest',
    'AssignStudents',
    'AssignTest',
    'AssignTestForContentCurator',
    'TestAnalytics',
    'CleanData',
    'DownloadTest',
    'UploadAnswerSheets',
    'DownloadOMR',
    'CreateTopicwiseTest',
    'AttemptsAllowed',
    'QuestionsPerPage',
    'NegativeMarks',
    'ShowHint',
    'Bookmark',
    'MandatoryQuestion',
    'AssignTopicsToPool',
  ],
  TestSeries: [
    'ViewTestSeries',
    'TrendingTestSeries',
    'PlayCourse',
    'UpdateTestSeries',
    'PreviewTestSeries',
    'PublishTestSeries',
    'AssignStudents',
    'AssignTestSeries',
    'AssignTestSeriesForContentCurator',
    'DeleteTestSeries',
    'CreateTestSeries',
  ],
  SimplifiedTest: [
    'ViewSimplifiedTest',
    'CreateSimplifiedTest',
    'UpdateSimplifiedTest',
    'DeleteSimplifiedTest',
    'CleanData',
    'PreviewSimplifiedTest',
    'AssignStudents',
    'AssignSimplifiedTest',
    'SimplifiedTestAnalytics',
    'PublishSimplifiedTest',
  ],
  OMR: ['CreateOmrSheet', 'ReadOmrSheet'],
  Coupon: ['ViewCoupon', 'AddCoupon', 'Active/InactiveCoupon'],
  Licence: ['ViewLicence', 'ProvisionLicence'],
} as const;

export type PrivilegeArea = keyof typeof privilegeCatalogue;
export type PrivilegeName<A extends PrivilegeArea = PrivilegeArea> = (typeof privilegeCatalogue)[A][number];
export const privilegeAreas = Object.keys(privilegeCatalogue) as PrivilegeArea[];

/** Privileges whose presence HIDES something (spec part 1 §6); they never make a menu group visible. */
export const negativePrivileges = ['HideUpdateProfile', 'HideChangePassword', 'PlayCourse'] as const;

/** The privilege object the session carries: Value{PackageId, Privileges{lists by area}, Roles[{Id}]}. */
export type PrivilegeObject = {
  packageId: number;
  privileges: Partial<Record<PrivilegeArea, string[]>>;
  roles: { id: number }[];
};

export function hasPrivilege(p: Pick<PrivilegeObject, 'privileges'>, area: PrivilegeArea, name: string) {
  return p.privileges[area]?.includes(name) ?? false;
}

/** A menu group is "present" when the area holds a privilege that grants something. */
export function hasArea(p: Pick<PrivilegeObject, 'privileges'>, area: PrivilegeArea) {
  return (p.privileges[area] ?? []).some((n) => !(negativePrivileges as readonly string[]).includes(n));
}
