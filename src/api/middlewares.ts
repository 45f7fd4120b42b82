import { defineMiddlewares } from "@medusajs/framework/http"
import { rollBackBeforeCompletion } from "./store/carts/roll-back-interrupted-completion"
import { attachCartSnapshot } from "./store/payment-collections/attach-cart-snapshot"

export default defineMiddlewares({
  routes: [
    {
      matcher: "/store/payment-collections/:id/payment-sessions",
      method: ["POST"],
      middlewares: [attachCartSnapshot],
    },
    {
      matcher: "/store/carts/:id/complete",
      method: ["POST"],
      middlewares: [rollBackBeforeCompletion],
    },
    {
      // The webhook route reads the raw body itself: it authenticates before
      // parsing and enforces its own small size limit.
      matcher: "/hooks/bnpl",
      method: ["POST"],
      bodyParser: false,
    },
  ],
})
