import { describe, expect, it } from 'vitest';
import { getListPaging, resetListPaging, setListPaging } from './listPaging';

describe('kept list paging', () => {
  it('keeps each list’s page and the configuration page resets all to page 1, size 10', () => {
    setListPaging('tests', { page: 3, pageSize: 50 });
    setListPaging('questions', { page: 2, pageSize: 30 });
    expect(getListPaging('tests')).toEqual({ page: 3, pageSize: 50 });
    expect(getListPaging('courses')).toEqual({ page: 1, pageSize: 10 });
    resetListPaging();
    for (const l of ['tests', 'questions', 'courses'] as const) {
      expect(getListPaging(l)).toEqual({ page: 1, pageSize: 10 });
    }
  });
});
