import { z } from "zod"

/**
 * The row actions take no options: the ledger id in the path says everything.
 * A body with fields is refused (400) rather than silently ignored, so a
 * caller who believes it can pass an amount learns that it cannot.
 */
export const ActionBody = z.strictObject({})
