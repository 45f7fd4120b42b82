import Medusa from "@medusajs/js-sdk"

// The server's SDK, as the starter's: the browser's is the recipe's src/lib/bnpl.ts.
export const sdk = new Medusa({
  baseUrl: process.env.NEXT_PUBLIC_MEDUSA_BACKEND_URL || "http://localhost:9000",
  publishableKey: process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY,
})
