import { configure } from '@testing-library/react';

// Screens load lazily; the first load of a module under test takes a moment (longer on a busy machine).
configure({ asyncUtilTimeout: 10_000 });

// The staff shell loads the back office's texts; screens tested alone need them too, in both
// languages. (The translation test checks that the public pages use only the texts they carry.)
import { loadStaffStrings } from '../i18n/staffStrings';

await Promise.all([loadStaffStrings('en'), loadStaffStrings('zh-cn')]);
