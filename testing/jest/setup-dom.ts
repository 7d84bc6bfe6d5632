import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` wait up to 5 s instead of 1 s for what must appear: on CI's two shared
// cores a debounced check or a mocked reply can take over a second to show (the working hours'
// conflict preview did). What must appear is unchanged; only how long a busy machine may take.
configure({ asyncUtilTimeout: 5000 });
