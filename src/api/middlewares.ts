import { defineMiddlewares } from "@medusajs/framework/http"
import { attachCartSnapshot } from "./store/payment-collections/attach-cart-snapshot"

export default defineMiddlewares({
  routes: [
    {
      matcher: "/store/payment-collections/:id/payment-sessions",
      method: ["POST"],
      middlewares: [attachCartSnapshot],
    },
  ],
})
