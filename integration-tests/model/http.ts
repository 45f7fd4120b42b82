/** One HTTP exchange as the model sees it: the status (0 when nothing came back) and the parsed body. */
export interface Reply {
  status: number
  body: unknown
}

/**
 * A JSON request to the store under test. Never throws: a network failure is status 0, so a
 * command records what a user would have seen instead of aborting the sequence.
 */
export async function requestJson(method: "GET" | "POST" | "DELETE", url: string, headers: Record<string, string>, body?: unknown): Promise<Reply> {
  try {
    const response = await fetch(url, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    })
    const text = await response.text()
    return { status: response.status, body: parseJson(text) }
  } catch (error) {
    return { status: 0, body: error instanceof Error ? error.message : String(error) }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** The start of a reply, for the sequence's trace. */
export function brief(reply: Reply): string {
  const message =
    typeof reply.body === "object" && reply.body !== null && "message" in reply.body ? String((reply.body as { message: unknown }).message) : ""
  return message ? `${reply.status} ${message.slice(0, 160)}` : String(reply.status)
}

/** The reply's body when Medusa answered 200; otherwise an error naming the step, the status and the body's head. */
export function ok(step: string, reply: Reply): unknown {
  if (reply.status !== 200) throw new Error(`${step}: HTTP ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`)
  return reply.body
}
