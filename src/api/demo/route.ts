import { sendShell } from "./shell"

/** GET /demo: the demo storefront's product and checkout page. */
export const GET = sendShell
