import path from 'node:path';

/** The repository's root, for tests that start its programs or read its files. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');
