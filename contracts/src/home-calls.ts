/**
 * The public pages' calls by method and path, without their schemas: the sign-in page, the
 * public form and the survey load no zod (docs/decisions/0006), so they call these with a light
 * answer check (web/src/api/homeCall.ts). The operations (`homeOps`, ops/home.ts) spread these,
 * so a path is written once; a web test checks each light check against the operation's schema.
 */
export const homeCalls = {
  languages: { method: 'GET', path: '/api/home/languages' },
  enums: { method: 'POST', path: '/api/home/enums.get' },
  branding: { method: 'GET', path: '/api/home/setting/branding.get' },
  ticketForm: { method: 'GET', path: '/api/home/ticket.form.get' },
  ticketAdd: { method: 'POST', path: '/api/home/ticket.add' },
  satisfactionGet: { method: 'GET', path: '/api/home/satisfaction.get' },
  satisfactionAdd: { method: 'POST', path: '/api/home/satisfaction.add' },
  passwordLinkGet: { method: 'GET', path: '/api/home/password.link.get' },
  passwordLinkSet: { method: 'POST', path: '/api/home/password.link.set' },
  passwordForgotState: { method: 'GET', path: '/api/home/password.forgot.state.get' },
  passwordForgotSend: { method: 'POST', path: '/api/home/password.forgot.send' },
} as const;
export type THomeCallName = keyof typeof homeCalls;
