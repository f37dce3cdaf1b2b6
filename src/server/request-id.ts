/**
 * The request id a log line and the X-Request-Id answer carry: the one a proxy sent (nginx's
 * $request_id, a load balancer's trace id) when it is safe to echo into logs and headers, else a
 * fresh UUID. One rule, checked before anything else reads the header: at most
 * MAX_REQUEST_ID_LENGTH characters of letters, digits and `_ . : -`.
 */
export const REQUEST_ID_HEADER = 'X-Request-Id';
export const MAX_REQUEST_ID_LENGTH = 128;
const REQUEST_ID = new RegExp(`^[\\w.:-]{1,${MAX_REQUEST_ID_LENGTH}}$`);

export function isAcceptableRequestId(value: string | null | undefined): value is string {
  return typeof value === 'string' && REQUEST_ID.test(value);
}

export function requestIdFrom(incoming: string | null | undefined): string {
  return isAcceptableRequestId(incoming) ? incoming : crypto.randomUUID();
}
