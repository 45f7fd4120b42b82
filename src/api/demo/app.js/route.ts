import { sendClientScript } from "../../../../packages/demo-storefront/client-script"

/** GET /demo/app.js: the demo storefront's client script. */
export const GET = sendClientScript
