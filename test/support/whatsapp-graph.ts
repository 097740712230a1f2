// What the Cloud API stand-in answers with: its credentials, Meta's error objects (the Cloud API's error-code
// reference) and the webhook signature.
import { createHmac, randomBytes } from 'node:crypto';

export const STAND_IN_TOKEN = 'EAAStandInToken0123456789abcdef';
export const STAND_IN_PHONE_NUMBER_ID = '106540352242922';
export const STAND_IN_APP_SECRET = 'stand-in-app-secret-0123456789';
export const STAND_IN_VERIFY_TOKEN = 'stand-in-verify-token';

export interface GraphErrorShape {
  status: number;
  code: number;
  message: string;
  type?: string;
  details?: string;
  retryAfter?: number;
}

/** Meta's error objects for the cases the stand-in plays (Cloud API error-code reference). */
export const GRAPH_ERRORS = {
  undeliverable: {
    status: 400,
    code: 131026,
    message: '(#131026) Message undeliverable',
    details: 'Message could not be delivered: the recipient may not be a WhatsApp user.',
  },
  reengagement: {
    status: 400,
    code: 131047,
    message: '(#131047) Re-engagement message',
    details:
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  },
  unsupportedType: { status: 400, code: 131051, message: '(#131051) Unsupported message type' },
  paramMismatch: {
    status: 400,
    code: 132000,
    message: '(#132000) Number of parameters does not match the expected number of params',
  },
  templateMissing: {
    status: 404,
    code: 132001,
    message: '(#132001) Template name does not exist in the translation',
  },
  rateLimit: {
    status: 429,
    code: 130429,
    message: '(#130429) Rate limit hit',
    details: 'Cloud API message throughput has been reached.',
    retryAfter: 1,
  },
  server: { status: 500, code: 131000, message: '(#131000) Something went wrong' },
} satisfies Record<string, GraphErrorShape>;

export function errorBody(error: GraphErrorShape, extra: Record<string, unknown> = {}) {
  return {
    error: {
      message: error.message,
      type: error.type ?? 'OAuthException',
      code: error.code,
      error_data: { messaging_product: 'whatsapp', details: error.details ?? error.message },
      fbtrace_id: `A${randomBytes(8).toString('hex')}`,
      ...extra,
    },
  };
}

export function signBody(raw: string | Buffer, appSecret = STAND_IN_APP_SECRET): string {
  return `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;
}
