import { configure } from '@testing-library/react';

// Screens load lazily; the first load of a module under test takes a moment.
configure({ asyncUtilTimeout: 5000 });
