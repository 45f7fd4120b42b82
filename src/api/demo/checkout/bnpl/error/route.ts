import { sendShell } from "../../../../../../packages/demo-storefront/shell"

/** GET /demo/checkout/bnpl/error?cart_id=…: where the service sends a customer who cancelled. */
export const GET = sendShell
