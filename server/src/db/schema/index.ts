export * from './account.js';
export * from './account-search.js';
export * from './black.js';
export * from './company.js';
export * from './permission.js';
export * from './question.js';
export * from './setting.js';
export * from './shortcut.js';
