import { sendShell } from "../../../../packages/demo-storefront/shell"

/** GET /demo/cart?cart_id=…: the cart, where the financing service's "back to the store" link leads. */
export const GET = sendShell
