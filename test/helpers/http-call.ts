/**
 * One request to an HTTP API under test, its answer read whole: status, headers, text, and the
 * text parsed as JSON when it is JSON.
 */
import { request } from "undici";

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

export async function call(
  base: string,
  path: string,
  init: {
    method?: "GET" | "POST" | "PUT" | "DELETE";
    body?: unknown;
    /** Default application/json with a body; null sends none. */
    contentType?: string | null;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  const contentType = init.contentType === undefined ? "application/json" : init.contentType;
  const res = await request(`${base}${path}`, {
    method,
    headers: {
      ...(contentType === null || method === "GET" ? {} : { "content-type": contentType }),
      ...init.headers,
    },
    ...(init.body === undefined
      ? {}
      : { body: typeof init.body === "string" ? init.body : JSON.stringify(init.body) }),
  });
  const text = await res.body.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text, json };
}

/** The `{"error": {code, message}}` of an answer. */
export const errorOf = (answer: Answer) =>
  (answer.json as { error: { code: string; message: string } }).error;
