// A ticket's contract, by part: shared pieces, attachments, the page, lists, comments, writes, the public side.
export * from './attachment.js';
export * from './comment.js';
export * from './home.js';
export * from './list.js';
export * from './page.js';
export * from './shared.js';
export * from './write.js';
