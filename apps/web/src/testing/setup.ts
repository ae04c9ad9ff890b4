import { configure } from '@testing-library/react';

// findBy* and waitFor give up after 1 s by default: on a busy 2-core CI machine a first render can take longer.
// An upper bound, never a timing assertion (a passing wait returns as soon as its condition holds).
configure({ asyncUtilTimeout: 15_000 });
