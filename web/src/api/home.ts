import type {
  TAttachment,
  TBrandingResponse,
  TEnumsGetRequest,
  TEnumsGetResponse,
  THomeTicketAddRequest,
  THomeTicketAddResponse,
  TLanguagesResponse,
  TPasswordForgotRequest,
  TPasswordForgotStateResponse,
  TPasswordLinkGetResponse,
  TPasswordLinkSetRequest,
  TPasswordLinkSetResponse,
  TSatisfactionAddRequest,
  TSatisfactionGetResponse,
} from '@parley/contracts';
import { homeCall } from './homeCall';
import { api } from './instance';
import { shape } from './shape';
import type { TOpts } from './types';

// The public pages' calls (`homeOps`), checked with their light guards (api/homeGuards.ts), not
// the contracts' zod schemas: the public form, survey and sign-in load no zod
// (docs/decisions/0006-front-end-delivery.md).
const attachment = shape<TAttachment>({ file_id: 'string', file_name: 'string', size: 'number' });

export const homeApi = {
  languages: (opts?: TOpts): Promise<TLanguagesResponse> => homeCall('languages', {}, opts),
  enums: (body: TEnumsGetRequest, opts?: TOpts): Promise<TEnumsGetResponse> => homeCall('enums', body, opts),
  branding: (opts?: TOpts): Promise<TBrandingResponse> => homeCall('branding', {}, opts),
  /** One attachment of the public form (at most 20M); its `file_id` goes in `ticketAdd`'s `file_ids`. */
  upload: (file: File, opts?: TOpts): Promise<TAttachment> =>
    api.upload('/home/upload', file, { ...opts, schema: attachment }),
  ticketAdd: (body: THomeTicketAddRequest, opts?: TOpts): Promise<THomeTicketAddResponse> =>
    homeCall('ticketAdd', body, opts),
  satisfactionGet: (token: string, opts?: TOpts): Promise<TSatisfactionGetResponse> =>
    homeCall('satisfactionGet', { token }, opts),
  satisfactionAdd: (body: TSatisfactionAddRequest, opts?: TOpts): Promise<null> =>
    homeCall('satisfactionAdd', body, opts),
  /** Whose password a mailed link sets (FFFF: used, expired or unknown, with what to do). */
  passwordLinkGet: (token: string, opts?: TOpts): Promise<TPasswordLinkGetResponse> =>
    homeCall('passwordLinkGet', { token }, opts),
  passwordLinkSet: (body: TPasswordLinkSetRequest, opts?: TOpts): Promise<TPasswordLinkSetResponse> =>
    homeCall('passwordLinkSet', body, opts),
  /** "Forgot password?": can a link be mailed (the email channel is set up)? */
  passwordForgotState: (opts?: TOpts): Promise<TPasswordForgotStateResponse> =>
    homeCall('passwordForgotState', {}, opts),
  /** "Forgot password?": the same answer whether or not the address has an account. */
  passwordForgotSend: (body: TPasswordForgotRequest, opts?: TOpts): Promise<null> =>
    homeCall('passwordForgotSend', body, opts),
};
