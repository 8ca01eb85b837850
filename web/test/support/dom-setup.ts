import { configure } from '@testing-library/react';

// A findBy… waits as long as it must and no longer: on a machine busy with other test runs the first
// render of a page (its lazy chunks, its mocked requests) can take several seconds (the library waits 1 s by default).
configure({ asyncUtilTimeout: 10_000 });

// what a page keeps in the browser (the basket's id, a guest's token) never leaks into the next test
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
