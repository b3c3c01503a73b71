/** The look of every card on the public pages (sign-in, ticket form, survey) inside `PublicFrame`. */
export const publicCardStyle = { width: '100%', boxShadow: '0 8px 32px rgba(22, 104, 220, 0.08)' } as const;
