// Test-only typings: the jest-dom matchers (toBeInTheDocument, ...) used by the *.test.tsx files here.
/// <reference types="@testing-library/jest-dom" />
