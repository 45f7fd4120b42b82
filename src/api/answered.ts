import type { MedusaResponse } from "@medusajs/framework/http"

/**
 * Settles once the answer to the request is sent (or the client went away): how long a
 * middleware's `next()` really runs. Already settled for a response closed before it is asked.
 */
export const answered = (res: MedusaResponse): Promise<void> =>
  new Promise((done) => {
    if (res.closed) return done()
    res.on("close", () => done())
  })
