export const chatKeys = {
  queue: ['chat', 'queue'] as const,
  chat: (ticketId: number) => ['chat', 'get', ticketId] as const,
  messages: (ticketId: number) => ['chat', 'messages', ticketId] as const,
  widget: ['chat', 'widget'] as const,
  setting: ['chat', 'setting'] as const,
  triggers: ['chat', 'triggers'] as const,
  questions: ['chat', 'questions'] as const,
};
