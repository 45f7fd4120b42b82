/** What a plain GET found: the status and JSON body, or why nothing answered. */
export type Probe = { answered: true; status: number; body: unknown } | { answered: false; reason: string }

/** A GET that follows no redirect and gives up after `timeoutMs`; never throws. */
export async function probeUrl(url: string, timeoutMs: number): Promise<Probe> {
  try {
    const response = await fetch(url, {
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
      headers: { Accept: "application/json, text/html" },
    })
    const text = await response.text()
    return { answered: true, status: response.status, body: parseJson(text) }
  } catch (error) {
    return { answered: false, reason: reasonOf(error, timeoutMs) }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function reasonOf(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return `no answer within ${timeoutMs} ms`
  // fetch puts the socket's error in `cause`: one (ENOTFOUND), or an AggregateError over the
  // host's addresses (ECONNREFUSED on both ::1 and 127.0.0.1).
  const cause = (error as { cause?: { code?: string; errors?: Array<{ code?: string }>; message?: string } } | undefined)?.cause
  return cause?.code ?? cause?.errors?.find((e) => e.code)?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error))
}
