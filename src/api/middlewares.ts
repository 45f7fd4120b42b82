import { defineMiddlewares } from "@medusajs/framework/http"
import { cancelWithLoans } from "./admin/orders/cancel-with-loans"
import { holdLoanLocksWhileOpeningChange } from "./admin/order-changes/hold-loan-locks"
import { bookOrderPageRefund } from "./admin/payments/book-refund"
import { captureOnce } from "./admin/payments/capture-once"
import { rollForwardBeforeCompletion } from "./store/carts/roll-forward-before-completion"
import { startLoanRoute } from "./store/payment-collections/start-loan"

export default defineMiddlewares({
  routes: [
    {
      matcher: "/store/payment-collections/:id/payment-sessions",
      method: ["POST"],
      middlewares: [startLoanRoute],
    },
    {
      matcher: "/store/carts/:id/complete",
      method: ["POST"],
      middlewares: [rollForwardBeforeCompletion],
    },
    {
      matcher: "/admin/orders/:id/cancel",
      method: ["POST"],
      middlewares: [cancelWithLoans],
    },
    {
      matcher: "/admin/payments/:id/refund",
      method: ["POST"],
      middlewares: [bookOrderPageRefund],
    },
    {
      matcher: "/admin/payments/:id/capture",
      method: ["POST"],
      middlewares: [captureOnce],
    },
    ...["/admin/returns", "/admin/exchanges", "/admin/claims", "/admin/order-edits"].map((matcher) => ({
      matcher,
      method: ["POST" as const],
      middlewares: [holdLoanLocksWhileOpeningChange],
    })),
    {
      // The webhook route reads the raw body itself: it authenticates before
      // parsing and enforces its own small size limit.
      matcher: "/hooks/bnpl",
      method: ["POST"],
      bodyParser: false,
    },
  ],
})
