import { subscribe } from "node:diagnostics_channel";

/**
 * What this process's HTTP requests are doing, for work that only fills idle time (priming the
 * analysis): how many are made but not on the wire yet (waiting for a connection, its TLS handshake
 * or a free socket), so that such work never holds one back, and how many replies have begun, so
 * that it stops when there is a reply to read. undici reports each request's creation, its headers'
 * writing, its reply's headers and its failure on diagnostics channels; they are listened to from
 * the first {@link watchRequests} on.
 */
let unsent = 0;
let replies = 0;
let watching = false;
/** undici's requests counted as unsent: a failure after the headers went out is not counted twice. */
const waiting = new WeakSet<object>();

type RequestMessage = { request: object };

function settle({ request }: RequestMessage): void {
  if (waiting.delete(request)) unsent -= 1;
}

/** Starts counting; requests made before the first call are not seen. */
export function watchRequests(): void {
  if (watching) return;
  watching = true;
  subscribe("undici:request:create", (message) => {
    waiting.add((message as RequestMessage).request);
    unsent += 1;
  });
  subscribe("undici:client:sendHeaders", (message) => settle(message as RequestMessage));
  subscribe("undici:request:error", (message) => settle(message as RequestMessage));
  subscribe("undici:request:headers", () => {
    replies += 1;
  });
}

/** Requests made since {@link watchRequests} and not written yet. */
export function unsentRequests(): number {
  return unsent;
}

/** Replies whose headers have arrived since {@link watchRequests}. */
export function repliesBegun(): number {
  return replies;
}
