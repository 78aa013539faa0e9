/**
 * A client of a run's event stream (`GET /v1/runs/{id}/events`) as a browser's EventSource reads
 * it: events (`id:`, `event:`, `data:`), comment lines, and `Last-Event-ID` to resume.
 */
import { request } from "undici";

export interface StreamedEvent {
  id: number;
  type: string;
  data: Record<string, unknown>;
}

export interface EventStream {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  events: StreamedEvent[];
  /** Comment lines (heartbeats), without the colon. */
  comments: string[];
  /** Resolves once `until` holds for the events so far, or the stream ended (then rejects). */
  waitFor(until: (events: readonly StreamedEvent[]) => boolean): Promise<void>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  /** Hangs up. */
  close(): void;
}

export async function openEvents(
  base: string,
  id: string,
  options: { lastEventId?: string | number; headers?: Record<string, string> } = {},
): Promise<EventStream> {
  const hangUp = new AbortController();
  const res = await request(`${base}/v1/runs/${id}/events`, {
    headers: {
      accept: "text/event-stream",
      ...(options.lastEventId === undefined ? {} : { "last-event-id": String(options.lastEventId) }),
      ...options.headers,
    },
    signal: hangUp.signal,
  });
  const events: StreamedEvent[] = [];
  const comments: string[] = [];
  const waiting = new Set<() => void>();
  let done = false;
  let buffer = "";
  const parse = (block: string) => {
    const fields: Record<string, string> = {};
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) comments.push(line.slice(1).trim());
      else {
        const at = line.indexOf(":");
        if (at > 0) fields[line.slice(0, at)] = line.slice(at + 1).trimStart();
      }
    }
    if (fields.data !== undefined) {
      events.push({
        id: Number(fields.id),
        type: fields.event ?? "message",
        data: JSON.parse(fields.data) as Record<string, unknown>,
      });
    }
  };
  const ended = (async () => {
    try {
      for await (const chunk of res.body) {
        buffer += (chunk as Buffer).toString("utf8");
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
        }
        for (const wake of waiting) wake();
      }
    } catch {
      // Hung up.
    } finally {
      done = true;
      for (const wake of waiting) wake();
    }
  })();
  return {
    status: res.statusCode,
    headers: res.headers,
    events,
    comments,
    ended,
    waitFor(until) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (until(events)) {
            waiting.delete(check);
            resolve();
          } else if (done) {
            waiting.delete(check);
            reject(new Error(`the stream ended first: ${JSON.stringify(events.map((e) => e.type))}`));
          }
        };
        waiting.add(check);
        check();
      });
    },
    close: () => hangUp.abort(),
  };
}
