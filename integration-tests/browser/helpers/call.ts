/**
 * A JSON request of a test's own setup or reading (Medusa's store and admin APIs, the sandbox's
 * control API): GET without a body, POST with one unless `method` says otherwise. Any answer
 * from 300 up throws with its body; an empty answer is `{}`.
 */
export async function call<T>(url: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  const method = init.method ?? (init.body === undefined ? "GET" : "POST")
  const response = await fetch(url, {
    method,
    headers: { "content-type": "application/json", ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${text}`)
  return (text ? JSON.parse(text) : {}) as T
}
