import { sendShell } from "../../../../../../packages/demo-storefront/shell"

/** GET /demo/checkout/bnpl/success?cart_id=…: where the service sends a customer who paid the first installment. */
export const GET = sendShell
