/** Talks to a running sandbox's control API, turning failures into sentences for the terminal. */
export class ControlApiError extends Error {}

export async function callControlApi(baseUrl: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const url = `${baseUrl.replace(/\/+$/, "")}/_sandbox${path}`
  let response: Response
  try {
    response = await fetch(url, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new ControlApiError(`no sandbox answers at ${baseUrl}: start one with the \`serve\` command or pass --url`)
  }
  const payload: unknown = await response.json().catch(() => null)
  if (!response.ok) throw new ControlApiError(`${method} ${path} failed (${response.status}): ${errorText(payload)}`)
  return payload
}

function errorText(payload: unknown): string {
  if (typeof payload === "object" && payload !== null && "error" in payload) return String(payload.error)
  return "unexpected answer"
}
