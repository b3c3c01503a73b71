/** Envelope codes of the wire contract and the HTTP status each one travels with. */
export const ErrorCode = {
  ok: '0000',
  unauthorized: '0401',
  forbidden: '0403',
  notFound: '0404',
  invalid: 'FFFF',
  internal: '0500',
} as const;

export type TErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const httpStatusOf: Record<TErrorCode, number> = {
  '0000': 200,
  '0401': 401,
  '0403': 403,
  '0404': 404,
  FFFF: 400,
  '0500': 500,
};

/** Every JSON response of the API has this shape. */
export interface TEnvelope<T = unknown> {
  code: TErrorCode;
  msg: string;
  data: T;
}

/** `data` of a validation failure: field name to its message. */
export interface TValidationData {
  fields: Record<string, string>;
}
