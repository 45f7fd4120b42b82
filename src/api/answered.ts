import type { MedusaResponse } from "@medusajs/framework/http"

/** Settles once the answer to the request is sent (or the client went away): how long a middleware's `next()` really runs. */
export const answered = (res: MedusaResponse): Promise<void> => new Promise((done) => res.on("close", () => done()))
