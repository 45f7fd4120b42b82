import { defineMiddlewares } from "@medusajs/framework/http"
import { describeIssues } from "./describe-issues"
import { ActionBody, ClearSuspectBody, SettleRefundBody } from "./admin/bnpl/loans/action-body"
import { ListLoansQuery } from "./admin/bnpl/loans/ledger-view"
import { ResendBody, SendByPhoneBody } from "./admin/bnpl/orders/in-store-view"
import { OrderLoanQuery } from "./admin/bnpl/orders/loan-view"
import { ListReconciliationsQuery } from "./admin/bnpl/reconciliations/reconciliation-view"
import { ActivityQuery } from "./admin/bnpl/activity/activity-view"
import { ListDeliveriesQuery } from "./admin/bnpl/webhook-deliveries/delivery-view"
import { cancelWithLoans } from "./admin/orders/cancel-with-loans"
import { holdLoanLocksWhileOpeningChange } from "./admin/order-changes/hold-loan-locks"
import { bookOrderPageRefund } from "./admin/payments/book-refund"
import { captureOnce } from "./admin/payments/capture-once"
import { describeQueryIssues, LangQuery, OfferQuery } from "./store/bnpl/query"
import { rollForwardBeforeCompletion } from "./store/carts/roll-forward-before-completion"
import { startLoanRoute } from "./store/payment-collections/start-loan"
import { validateBody, validateQuery } from "./validate-query"

export default defineMiddlewares({
  routes: [
    // Medusa's own routes the plugin wraps: each one's guarantee, and why no extension point of Medusa's gives it, is in
    // docs/architecture.md ("Medusa routes the plugin wraps"); src/api/__tests__/medusa-route-contracts.unit.spec.ts pins what it relies on.
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
    // The plugin's own routes: each query and body validated before its route reads it (req.validatedQuery, req.validatedBody).
    { matcher: "/admin/bnpl/loans", method: ["GET"], middlewares: [validateQuery(ListLoansQuery, describeIssues)] },
    { matcher: "/admin/bnpl/loans/:id/refund", method: ["POST"], middlewares: [validateBody(ActionBody, describeIssues)] },
    { matcher: "/admin/bnpl/loans/:id/retry-completion", method: ["POST"], middlewares: [validateBody(ActionBody, describeIssues)] },
    { matcher: "/admin/bnpl/loans/:id/clear-suspect", method: ["POST"], middlewares: [validateBody(ClearSuspectBody, describeIssues)] },
    { matcher: "/admin/bnpl/loans/:id/refunds/:entry_id", method: ["POST"], middlewares: [validateBody(SettleRefundBody, describeIssues)] },
    { matcher: "/admin/bnpl/orders/:id/loan", method: ["GET"], middlewares: [validateQuery(OrderLoanQuery, describeIssues)] },
    { matcher: "/admin/bnpl/orders/:id/in-store", method: ["POST"], middlewares: [validateBody(SendByPhoneBody, describeIssues)] },
    { matcher: "/admin/bnpl/orders/:id/in-store/resend", method: ["POST"], middlewares: [validateBody(ResendBody, describeIssues)] },
    { matcher: "/admin/bnpl/reconciliations", method: ["GET"], middlewares: [validateQuery(ListReconciliationsQuery, describeIssues)] },
    { matcher: "/admin/bnpl/activity", method: ["GET"], middlewares: [validateQuery(ActivityQuery, describeIssues)] },
    { matcher: "/admin/bnpl/webhook-deliveries", method: ["GET"], middlewares: [validateQuery(ListDeliveriesQuery, describeIssues)] },
    { matcher: "/store/bnpl/offer", method: ["GET"], middlewares: [validateQuery(OfferQuery, describeQueryIssues)] },
    { matcher: "/store/carts/:id/bnpl", method: ["GET"], middlewares: [validateQuery(LangQuery, describeQueryIssues)] },
    { matcher: "/store/bnpl/payment-collections/:id", method: ["GET"], middlewares: [validateQuery(LangQuery, describeQueryIssues)] },
    { matcher: "/store/bnpl/payment-collections/:id/confirm", method: ["POST"], middlewares: [validateQuery(LangQuery, describeQueryIssues)] },
    {
      // The webhook route reads the raw body itself: it authenticates before
      // parsing and enforces its own small size limit.
      matcher: "/hooks/bnpl",
      method: ["POST"],
      bodyParser: false,
    },
  ],
})
