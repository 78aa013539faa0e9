import { subscribe } from "node:diagnostics_channel";

/**
 * How many of this process's HTTP requests have been made but are not on the wire yet: waiting for
 * a connection, its TLS handshake or a free socket. Work that only fills idle time (priming the
 * analysis) waits while there are any, so it never holds a request back. undici reports each
 * request's creation, its headers' writing and its failure on diagnostics channels; they are
 * listened to from the first {@link watchUnsentRequests} on.
 */
let unsent = 0;
let watching = false;
/** undici's requests counted as unsent: a failure after the headers went out is not counted twice. */
const waiting = new WeakSet<object>();

type RequestMessage = { request: object };

function settle({ request }: RequestMessage): void {
  if (waiting.delete(request)) unsent -= 1;
}

/** Starts counting; requests made before the first call are not seen. */
export function watchUnsentRequests(): void {
  if (watching) return;
  watching = true;
  subscribe("undici:request:create", (message) => {
    waiting.add((message as RequestMessage).request);
    unsent += 1;
  });
  subscribe("undici:client:sendHeaders", (message) => settle(message as RequestMessage));
  subscribe("undici:request:error", (message) => settle(message as RequestMessage));
}

/** Requests made since {@link watchUnsentRequests} and not written yet. */
export function unsentRequests(): number {
  return unsent;
}
