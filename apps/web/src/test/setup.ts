// Around every component test (vitest.config.ts, project web-browser): the fake API is installed before it,
// and after it the test fails if the console made a call nobody faked or a fake answered what its schema
// refuses (src/test/fakeApi.ts).
import 'vitest-browser-react';
import { afterEach, beforeEach, expect } from 'vitest';
import { fakeApi } from './fakeApi';

beforeEach(() => {
  fakeApi.reset();
  fakeApi.install();
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  const problems = [...fakeApi.problems];
  fakeApi.reset();
  expect(problems, 'the fake API').toEqual([]);
});
