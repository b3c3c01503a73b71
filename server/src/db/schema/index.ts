export * from './account.js';
export * from './company.js';
export * from './permission.js';
export * from './setting.js';
