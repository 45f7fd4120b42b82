import { defineMiddlewares } from "@medusajs/framework/http"
import { attachCartSnapshot } from "./store/payment-collections/attach-cart-snapshot"

export default defineMiddlewares({
  routes: [
    {
      matcher: "/store/payment-collections/:id/payment-sessions",
      method: ["POST"],
      middlewares: [attachCartSnapshot],
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
