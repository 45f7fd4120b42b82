import type { Command } from "./commands"

/**
 * Many doors, one gate (docs/money.md): every route of the plugin's, and every Medusa route it
 * wraps, that can move money or make a loan, with the model's commands that go through it. The
 * unit test doors.unit.spec.ts derives the routes from src/api (route files, and the matchers of
 * src/api/middlewares.ts) and fails when one that can change something is neither here nor in
 * NOT_MONEY, when an entry names a route that no longer exists, or when a command named here is
 * one the model never draws. A door the model does not drive is a door whose bug nobody finds.
 *
 * Keys are `METHOD path`, the path as Medusa matches it (`:id` for a `[id]` folder).
 */
export const MONEY_DOORS: Readonly<Record<string, readonly Command["kind"][]>> = {
  // Medusa's routes the plugin wraps (src/api/middlewares.ts).
  "POST /store/payment-collections/:id/payment-sessions": ["session", "buy", "refused-complete", "edit-up", "exchange", "balance-link"],
  "POST /store/carts/:id/complete": ["complete", "refused-complete"],
  "POST /admin/orders/:id/cancel": ["cancel", "partial-capture"],
  "POST /admin/payments/:id/refund": ["refund", "refund-during-lag", "edit-down", "exchange", "claim"],
  "POST /admin/payments/:id/capture": ["capture", "partial-capture", "refund"],
  "POST /admin/returns": ["return"],
  "POST /admin/exchanges": ["exchange"],
  "POST /admin/claims": ["claim"],
  "POST /admin/order-edits": ["edit-up", "edit-down"],
  // The plugin's own routes.
  "POST /hooks/bnpl": ["pay", "late-webhook", "buy", "phone-pay", "balance-link"],
  "POST /store/bnpl/payment-collections/:id/confirm": ["balance-link"],
  "POST /admin/bnpl/loans/:id/refund": ["refund-in-full"],
  "POST /admin/bnpl/loans/:id/retry-completion": ["retry-completion"],
  "POST /admin/bnpl/loans/:id/refunds/:entry_id": ["settle-unclear"],
  "POST /admin/bnpl/reconcile": ["reconcile", "refund-check"],
  "POST /admin/bnpl/orders/:id/in-store": ["phone-send"],
  "POST /admin/bnpl/orders/:id/in-store/resend": ["phone-resend"],
  "POST /admin/bnpl/orders/:id/in-store/cancel": ["phone-cancel"],
}

/**
 * Routes that change something but can move no money and make no loan, each with why. A GET
 * changes nothing and is left out by its method; so are the demo's pages (src/api/demo), which
 * are GETs.
 */
export const NOT_MONEY: Readonly<Record<string, string>> = {
  "POST /admin/bnpl/loans/:id/clear-suspect":
    "clears a ledger row's suspected second order; its refund check books what the service shows and sends no refund nor records one in Medusa (src/workflows/refund-check.ts)",
}
