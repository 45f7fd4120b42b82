import fc from "fast-check"

/**
 * The model's vocabulary: what shoppers, the admin, the service and time do to a store
 * that sells with loans, as plain data, so that a failing sequence prints as itself and
 * replays from its seed. `cart` is an index into the sequence's carts (taken modulo).
 */
export type WebhookFate = "deliver" | "duplicate" | "drop"
export type Share = 25 | 50 | 100
/** How the service misbehaves during a reconciliation: some answers 5xx, or every status query slow. */
export type Trouble = "none" | "errors" | "latency"
/**
 * Two things that happen at the same moment on one cart, as the issue names them: a webhook
 * during a cancel, a capture or a refund; the shopper's completion racing the payment's webhook;
 * two admin refunds; an admin refund beside reconciliation; a portal refund during a cancel.
 */
export const RACES = [
  "webhook+cancel",
  "webhook+capture",
  "webhook+refund",
  "pay+complete",
  "refund+refund",
  "refund+reconcile",
  "portal-refund+cancel",
] as const
export type Race = (typeof RACES)[number]

export type Command =
  /** The shopper selects "Pay in installments" (again). */
  | { kind: "session"; cart: number }
  /** The shopper changes the cart: the line's quantity. */
  | { kind: "change"; cart: number; quantity: number }
  /** The shopper pays the first installment of the cart's newest (or oldest) unpaid loan; the webhook's fate. */
  | { kind: "pay"; cart: number; loan: "newest" | "oldest"; webhook: WebhookFate }
  /** A webhook that was held up arrives now, for the cart's newest paid loan. */
  | { kind: "late-webhook"; cart: number }
  /** The storefront completes the cart (the shopper back on the success page). */
  | { kind: "complete"; cart: number }
  /** The admin cancels the cart's order; `rejected`: the service answers REJECTED to the refund. */
  | { kind: "cancel"; cart: number; rejected: boolean }
  | { kind: "capture"; cart: number }
  /** The admin refunds a share of the order's payment; `lostReply`: applied at the service, reply lost. */
  | { kind: "refund"; cart: number; share: Share; lostReply: boolean }
  /** The merchant refunds a share of the cart's paid loan in the service's own portal. */
  | { kind: "portal-refund"; cart: number; share: Share }
  /** Reconcile now, with the service in `trouble` meanwhile. */
  | { kind: "reconcile"; trouble: Trouble }
  /** Half a day passes: loans time out, refund checks fall due. */
  | { kind: "time-passes" }
  /** Two commands on the cart at once (see RACES). */
  | { kind: "race"; cart: number; race: Race }
  /** The admin's *Refund in full* on the cart's listed loan. */
  | { kind: "refund-in-full"; cart: number }
  /** The admin's *Retry completion* on the cart's listed loan. */
  | { kind: "retry-completion"; cart: number }

export interface Sequence {
  /** The starting quantity of each cart (one or two carts). */
  quantities: number[]
  /** How many commands the sequence performs. */
  length: number
  /**
   * Candidates, in order: a command that cannot apply to the sequence's state right now
   * (pay with no unpaid loan, refund with no captured payment) is passed over, so that
   * random sequences spend their length on what matters. See driver.ts, `applies`.
   */
  commands: Command[]
}

const cart = fc.nat({ max: 1 })
const share = fc.constantFrom<Share>(25, 50, 100)

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("session" as const), cart }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("change" as const), cart, quantity: fc.integer({ min: 1, max: 3 }) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("pay" as const),
      cart,
      loan: fc.constantFrom("newest" as const, "newest" as const, "oldest" as const),
      webhook: fc.constantFrom<WebhookFate>("deliver", "duplicate", "drop", "drop"),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("late-webhook" as const), cart }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("complete" as const), cart }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("cancel" as const), cart, rejected: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("capture" as const), cart }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("refund" as const), cart, share, lostReply: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("portal-refund" as const), cart, share }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("reconcile" as const), trouble: fc.constantFrom<Trouble>("none", "none", "errors", "latency") }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("time-passes" as const) }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("race" as const), cart, race: fc.constantFrom(...RACES) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("refund-in-full" as const), cart }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("retry-completion" as const), cart }) },
)

export interface SequenceSize {
  minCommands: number
  maxCommands: number
}

/** Candidates per command performed: enough that a sequence rarely runs out of applicable ones. */
const CANDIDATES = 4

export function sequences(size: SequenceSize): fc.Arbitrary<Sequence> {
  return fc.record({
    quantities: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 2 }),
    length: fc.integer({ min: size.minCommands, max: size.maxCommands }),
    commands: fc.array(command, { minLength: size.minCommands * CANDIDATES, maxLength: size.maxCommands * CANDIDATES }),
  })
}

/** One line per command, as the trace and the failure report print it; `cartCount` resolves the cart index. */
export function describe(command: Command, cartCount = 2): string {
  const on = "cart" in command ? ` cart ${command.cart % cartCount}` : ""
  switch (command.kind) {
    case "session":
    case "late-webhook":
    case "complete":
    case "capture":
    case "time-passes":
    case "refund-in-full":
    case "retry-completion":
      return `${command.kind}${on}`
    case "reconcile":
      return `reconcile${command.trouble === "none" ? "" : ` (service ${command.trouble === "errors" ? "answers some 5xx" : "slow"})`}`
    case "race":
      return `${command.race} at once${on}`
    case "change":
      return `change${on} to quantity ${command.quantity}`
    case "pay":
      return `pay${on} (${command.loan} unpaid loan, webhook ${command.webhook})`
    case "cancel":
      return `cancel${on}'s order${command.rejected ? " (service rejects refunds)" : ""}`
    case "refund":
      return `refund ${command.share}%${on}${command.lostReply ? " (reply lost)" : ""}`
    case "portal-refund":
      return `portal-refund ${command.share}%${on}`
    default:
      return unreachable(command)
  }
}

function unreachable(value: never): never {
  throw new Error(`unknown command ${JSON.stringify(value)}`)
}
