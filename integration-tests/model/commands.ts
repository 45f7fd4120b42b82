import fc from "fast-check"

/**
 * The model's vocabulary: what shoppers, the admin, the service and time do to a store
 * that sells with loans, as plain data, so that a failing sequence prints as itself and
 * replays from its seed. `cart` is an index into the sequence's carts (taken modulo).
 */
export type WebhookFate = "deliver" | "duplicate" | "drop"
export type Share = 25 | 50 | 100
export type PartialShare = 25 | 50
/** How a sale by phone's link reaches the customer: WhatsApp, SMS, or a QR code shown at the counter. */
export type PhoneChannel = "w" | "s" | "q"
/**
 * How the service answers a sale by phone's creation. `clear`: as documented. `lost`: the loan
 * made, its link sent to the phone, the reply lost. `lost-unknown`: the same, and the status query
 * down meanwhile, so the plugin cannot say whether the loan exists; the link is on the phone.
 */
export const PHONE_REPLIES = ["clear", "lost", "lost-unknown"] as const
export type PhoneReply = (typeof PHONE_REPLIES)[number]
/** How the service misbehaves during a reconciliation: some answers 5xx, or every status query slow. */
export type Trouble = "none" | "errors" | "latency"
/**
 * How the service answers an order-page refund. `clear`: as documented. `late`: accepted, but
 * its history lists it only after the plugin's re-reads are over. `slow`: the answer takes a
 * while (no time-out). `lost`: applied, the reply lost (connection reset), the history prompt.
 * `lost-late` and `hang-late`: applied, the reply lost (reset; or never sent, so the plugin times
 * out), and the history late: the plugin cannot prove it, the book's entry stays unknown. `never`
 * and `lost-never`: as `clear` and `lost`, but the history never lists the refund during the run
 * (the documentation promises no time). `503`: refused with a 503 before anything applied, which
 * the plugin cannot tell from a lost reply.
 */
export const REFUND_ANSWERS = ["clear", "late", "slow", "never", "lost", "lost-late", "lost-never", "hang-late", "503"] as const
export type RefundAnswer = (typeof REFUND_ANSWERS)[number]
/** The second refund of `refund-during-lag`: answered, its reply lost, or a 503. */
export type SecondRefund = Extract<RefundAnswer, "clear" | "lost" | "503">
/**
 * Two things that happen at the same moment on one cart, as the issue names them: a webhook
 * during a cancel, a capture or a refund; the shopper's completion racing the payment's webhook;
 * two admin refunds; an admin refund beside reconciliation; a portal refund during a cancel;
 * *Refund in full* racing the storefront's completion (the shopper paying first, the webhook
 * lost, when the cart's loan is unpaid); two cancels of one order; an order-page refund (the
 * service slow to answer) racing the refund check, due; a portal refund while a return is received.
 * Two sales by phone sent at once for one order; the customer paying a phone link while the admin cancels its order.
 * The store's own refund while the refund check or the admin's cancel holds the loan's lock: Medusa has recorded it,
 * and the provider books and sends it only once it holds the lock.
 * The `other-` races move money of two carts at once (the sequence's other cart; its own when it has one):
 * each cart's lock is its own, and one cart's refund must not count or hold the other's.
 */
export const RACES = [
  "webhook+cancel",
  "webhook+capture",
  "webhook+refund",
  "pay+complete",
  "refund+refund",
  "refund+reconcile",
  "portal-refund+cancel",
  "refund-in-full+complete",
  "cancel+cancel",
  "refund+refund-check",
  "portal-refund+return",
  "refund+other-refund",
  "cancel+other-return",
  "return+other-refund",
  "phone-send+phone-send",
  "phone-pay+cancel",
  "store-refund+refund-check",
  "store-refund+cancel",
  "store-refund+refund",
] as const
export type Race = (typeof RACES)[number]
/** Both at once, the second while the first is in flight, or the second as the first ends its work. */
export const RACE_OFFSETS = [0, 30, 250] as const
export type RaceOffset = (typeof RACE_OFFSETS)[number]

export type Command =
  /**
   * The shopper selects "Pay in installments" (again). `lost`: the service makes the loan (and
   * cancels the cart's unpaid ones) but the replies are lost, so the shopper never gets that loan's link.
   */
  | { kind: "session"; cart: number; reply?: "lost" }
  /** The shopper changes the cart: the line's quantity. */
  | { kind: "change"; cart: number; quantity: number }
  /** The shopper pays the first installment of the cart's newest (or oldest) unpaid loan; the webhook's fate. */
  | { kind: "pay"; cart: number; loan: "newest" | "oldest"; webhook: WebhookFate }
  /**
   * The service declines the shopper of the cart's newest unpaid loan (no webhook), or, `expired`,
   * the loan's checkout link stops working while its status stays REQUEST. With an order placed
   * first, that order must end cancelled.
   */
  | { kind: "decline"; cart: number; expired: boolean }
  /** A webhook that was held up arrives now, for the cart's newest paid loan. */
  | { kind: "late-webhook"; cart: number }
  /** The storefront completes the cart (the shopper back on the success page). */
  | { kind: "complete"; cart: number }
  /**
   * The store's own code refuses the cart's order after the payment (an `orderCreated` hook that
   * throws) while the storefront completes the cart, its loan paid; or, its loan unpaid (a session
   * first when it has none), while the shopper pays and the webhook completes it. Medusa rolls the
   * completion back; with `autoCapture` its rollback refunds the captured payment. Only where the
   * model runs inside Medusa's process (the http spec), which can install such a hook.
   */
  | { kind: "refused-complete"; cart: number }
  /** The shopper checks out at once: selects "Pay in installments", pays, and the webhook places the order. */
  | { kind: "buy"; cart: number }
  /**
   * The admin cancels the cart's order; `rejected`: the service answers REJECTED to the refund;
   * `linkStuck`: with a link of the order's out and unpaid, the service will not cancel it.
   */
  | { kind: "cancel"; cart: number; rejected: boolean; linkStuck?: boolean }
  | { kind: "capture"; cart: number }
  /**
   * The admin refunds a share of what the order's payment has captured and not refunded (capturing
   * it first if it is not: Medusa refunds only captured money), the service answering as `answer` says.
   */
  | { kind: "refund"; cart: number; share: Share; answer: RefundAnswer }
  /**
   * The admin refunds 25% (accepted, but the history lists it late), then 25% again at once, while
   * the first is not in the history yet; the service answers the second as `second` says.
   */
  | { kind: "refund-during-lag"; cart: number; second: SecondRefund }
  /**
   * The admin settles the cart's unclear refunds (the plugin's requests booked `unknown`, and
   * refunds made outside Medusa booked `open`) as the service's portal shows them: record what
   * the service's own records show applied, dismiss what they show never happened.
   */
  | { kind: "settle-unclear"; cart: number }
  /** The merchant refunds a share of the cart's paid loan in the service's own portal. */
  | { kind: "portal-refund"; cart: number; share: Share }
  /** Reconcile now, with the service in `trouble` meanwhile. */
  | { kind: "reconcile"; trouble: Trouble }
  /** Half a day passes: loans time out, refund checks fall due. */
  | { kind: "time-passes" }
  /** The refund checks of the cart's loans fall due, and reconciliation runs. */
  | { kind: "refund-check"; cart: number }
  /**
   * Two commands on the cart at once (see RACES): the second starts `offsetMs` after the first, or,
   * `flip`ped, the first after the second.
   */
  | { kind: "race"; cart: number; race: Race; offsetMs?: RaceOffset; flip?: boolean }
  /** The admin's *Refund in full* on the cart's listed loan, or on its newest paid loan (listed or not) from the loans page. */
  | { kind: "refund-in-full"; cart: number; loan: "listed" | "paid" }
  /** The admin's *Retry completion* on the cart's listed loan. */
  | { kind: "retry-completion"; cart: number }
  /** The admin ships and receives back the whole order (what is left of it), or one unit of its line. */
  | { kind: "return"; cart: number; whole: boolean }
  /**
   * The admin adds an item to the order (an order edit): Medusa asks what is left in a new
   * collection, which the shopper pays with a second loan from the payment link; or, `later`,
   * which stays open (for a sale by phone, or the payment link later: `balance-link`).
   */
  | { kind: "edit-up"; cart: number; later?: boolean }
  /**
   * The shopper opens Medusa's payment link of the order's open collection and pays it with a
   * loan; the webhook delivered or lost, and the storefront's return page (the plugin's confirm
   * route) asked or not. Beside a sale by phone of the same collection, two links may be out.
   */
  | { kind: "balance-link"; cart: number; webhook: "deliver" | "drop"; returnPage: boolean }
  /** The admin sends the customer a link for what the order's open collection asks (a sale by phone), the service answering as `reply` says. */
  | { kind: "phone-send"; cart: number; channel: PhoneChannel; reply: PhoneReply }
  /** The admin's *Send again* of the unpaid phone link, by WhatsApp or SMS. */
  | { kind: "phone-resend"; cart: number; channel: "w" | "s" }
  /** The admin's *Cancel* of the unpaid phone link. */
  | { kind: "phone-cancel"; cart: number }
  /**
   * The customer pays the newest unpaid phone link of the cart's order: from the message on the
   * phone (the sandbox's outbox: the page's Pay button), or at the service; the webhook's fate.
   * A link whose creation reply was lost is on the phone too.
   */
  | { kind: "phone-pay"; cart: number; via: "outbox" | "service"; webhook: WebhookFate }
  /**
   * The admin exchanges one unit of the order's line for the other variant (shipped first, its
   * return received); the difference is paid with a second loan, or refunded from the order page.
   */
  | { kind: "exchange"; cart: number }
  /** The admin makes a claim of one unit for a refund (its return received), then refunds what the order owes from the order page. */
  | { kind: "claim"; cart: number }
  /** The admin takes one unit off the order's line (an order edit), then refunds what the order owes from the order page. */
  | { kind: "edit-down"; cart: number }
  /** The admin captures a share of the order's uncaptured payment (capture at fulfilment only), then cancels the order or not. */
  | { kind: "partial-capture"; cart: number; share: PartialShare; cancel: boolean }
  /** The store's own code runs Medusa's `cancelOrderWorkflow` on the cart's order (in Medusa's process only). */
  | { kind: "store-cancel"; cart: number }
  /** The store's own code runs Medusa's `refundPaymentWorkflow` for a share of what the payment holds (in Medusa's process only). */
  | { kind: "store-refund"; cart: number; share: Share }

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
/**
 * Clear answers are the most common; each unclear one is common enough to meet several times in
 * the http spec's 50 sequences. Settling applies only now and then, so it weighs more: a weight
 * counts only while its command applies. A refused completion applies to every cart without an
 * order, so it weighs little.
 */
const answer = fc.constantFrom<RefundAnswer>(
  "clear",
  "clear",
  "late",
  "slow",
  "never",
  "lost",
  "lost-late",
  "lost-late",
  "lost-never",
  "hang-late",
  "503",
  "503",
)

const webhook = fc.constantFrom<WebhookFate>("deliver", "duplicate", "drop", "drop")

/**
 * The sale by phone and an order's open collection (src/api/admin/bnpl/orders/[id]/in-store):
 * each applies only to an order whose collection asks for money, in a Medusa with sales by phone.
 */
const phoneCommands = (weight: number) => [
  { weight, arbitrary: fc.record({ kind: fc.constant("edit-up" as const), cart, later: fc.constant(true) }) },
  {
    weight,
    arbitrary: fc.record({
      kind: fc.constant("balance-link" as const),
      cart,
      webhook: fc.constantFrom("deliver" as const, "drop" as const),
      returnPage: fc.boolean(),
    }),
  },
  {
    weight: 2 * weight,
    arbitrary: fc.record({
      kind: fc.constant("phone-send" as const),
      cart,
      channel: fc.constantFrom<PhoneChannel>("w", "s", "q"),
      reply: fc.constantFrom<PhoneReply>("clear", "clear", "clear", "lost", "lost-unknown"),
    }),
  },
  { weight, arbitrary: fc.record({ kind: fc.constant("phone-resend" as const), cart, channel: fc.constantFrom("w" as const, "s" as const) }) },
  { weight, arbitrary: fc.record({ kind: fc.constant("phone-cancel" as const), cart }) },
  {
    weight: 2 * weight,
    arbitrary: fc.record({ kind: fc.constant("phone-pay" as const), cart, via: fc.constantFrom("outbox" as const, "service" as const), webhook }),
  },
]

const cancel = fc.record({
  kind: fc.constant("cancel" as const),
  cart,
  rejected: fc.boolean(),
  linkStuck: fc.constantFrom(false, false, false, true),
})

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("session" as const), cart }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("session" as const), cart, reply: fc.constant("lost" as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("change" as const), cart, quantity: fc.integer({ min: 1, max: 3 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("pay" as const),
      cart,
      loan: fc.constantFrom("newest" as const, "newest" as const, "oldest" as const),
      webhook,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("late-webhook" as const), cart }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("decline" as const), cart, expired: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("complete" as const), cart }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("refused-complete" as const), cart }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("buy" as const), cart }) },
  { weight: 2, arbitrary: cancel },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("capture" as const), cart }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("refund" as const), cart, share, answer }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("refund-during-lag" as const), cart, second: fc.constantFrom<SecondRefund>("clear", "lost", "503") }),
  },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("settle-unclear" as const), cart }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("portal-refund" as const), cart, share }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("reconcile" as const), trouble: fc.constantFrom<Trouble>("none", "none", "errors", "latency") }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("time-passes" as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("refund-check" as const), cart }) },
  {
    weight: 9,
    arbitrary: fc.record({
      kind: fc.constant("race" as const),
      cart,
      race: fc.constantFrom(...RACES),
      offsetMs: fc.constantFrom(...RACE_OFFSETS),
      flip: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("refund-in-full" as const), cart, loan: fc.constantFrom("listed" as const, "paid" as const) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("retry-completion" as const), cart }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("return" as const), cart, whole: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("edit-up" as const), cart }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("edit-down" as const), cart }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("exchange" as const), cart }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("claim" as const), cart }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("partial-capture" as const), cart, share: fc.constantFrom<PartialShare>(25, 50), cancel: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("store-cancel" as const), cart }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("store-refund" as const), cart, share }) },
  ...phoneCommands(1),
)

/**
 * The doors of an order's open collection, drawn often: an order bought, its balance left open,
 * sales by phone (lost replies too), the payment link beside them, payments, cancels and
 * reconciliation. The quick run gives it a few sequences of its own (`focus: "in-store"`).
 */
const inStoreCommand: fc.Arbitrary<Command> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("buy" as const), cart }) },
  ...phoneCommands(3),
  { weight: 1, arbitrary: cancel },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("refund" as const), cart, share, answer: fc.constant<RefundAnswer>("clear") }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("reconcile" as const), trouble: fc.constant<Trouble>("none") }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("time-passes" as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("race" as const),
      cart,
      race: fc.constantFrom<Race>("phone-send+phone-send", "phone-pay+cancel"),
      offsetMs: fc.constantFrom(...RACE_OFFSETS),
      flip: fc.boolean(),
    }),
  },
)

export interface SequenceSize {
  minCommands: number
  maxCommands: number
  /** Draw mostly the commands of one family of doors: `in-store`, an order's open collection and its sales by phone. */
  focus?: "in-store"
}

/** Candidates per command performed: enough that a sequence rarely runs out of applicable ones. */
const CANDIDATES = 4
const IN_STORE_PRELUDE: Command[] = [
  { kind: "buy", cart: 0 },
  { kind: "edit-up", cart: 0, later: true },
]
/** The in-store family's commands mostly wait for an order with an open collection: more of them are passed over. */
const IN_STORE_CANDIDATES = 10

export function sequences(size: SequenceSize): fc.Arbitrary<Sequence> {
  const candidates = size.focus === "in-store" ? IN_STORE_CANDIDATES : CANDIDATES
  const drawn = fc.array(size.focus === "in-store" ? inStoreCommand : command, {
    minLength: size.minCommands * candidates,
    maxLength: size.maxCommands * candidates,
  })
  return fc.record({
    quantities: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 2 }),
    length: fc.integer({ min: size.minCommands, max: size.maxCommands }),
    // The in-store family starts where its doors open: an order bought, its balance left open.
    commands: size.focus === "in-store" ? drawn.map((rest) => [...IN_STORE_PRELUDE, ...rest]) : drawn,
  })
}

/** One line per command, as the trace and the failure report print it; `cartCount` resolves the cart index. */
export function describe(command: Command, cartCount = 2): string {
  const on = "cart" in command ? ` cart ${command.cart % cartCount}` : ""
  switch (command.kind) {
    case "session":
      return `session${on}${command.reply === "lost" ? " (loan made, replies lost)" : ""}`
    case "late-webhook":
    case "complete":
    case "capture":
    case "time-passes":
    case "retry-completion":
    case "buy":
    case "edit-down":
    case "phone-cancel":
    case "store-cancel":
      return `${command.kind}${on}`
    case "edit-up":
      return `edit-up${on}${command.later ? " (its balance left open)" : ""}`
    case "balance-link":
      return `balance-link${on} (the payment link paid, webhook ${command.webhook}${command.returnPage ? ", the return page asked" : ""})`
    case "phone-send":
      return `phone-send${on} by ${command.channel}${PHONE_REPLY_TEXT[command.reply]}`
    case "phone-resend":
      return `phone-resend${on} by ${command.channel}`
    case "phone-pay":
      return `phone-pay${on} (${command.via === "outbox" ? "from the phone's message" : "at the service"}, webhook ${command.webhook})`
    case "exchange":
      return `exchange${on} (one unit for the other variant), received`
    case "claim":
      return `claim${on} (one unit, for a refund), received`
    case "return":
      return `return${on} (${command.whole ? "the whole order" : "one unit"}), received`
    case "partial-capture":
      return `capture ${command.share}%${on}${command.cancel ? ", then cancel its order" : ""}`
    case "store-refund":
      return `store's refundPaymentWorkflow ${command.share}%${on}`
    case "refused-complete":
      return `complete${on}, the store refusing the order after the payment`
    case "decline":
      return command.expired ? `the checkout link of${on}'s newest unpaid loan expires` : `the service declines${on}'s newest unpaid loan`
    case "refund-in-full":
      return `refund-in-full${on} (${command.loan === "listed" ? "its listed loan" : "its newest paid loan"})`
    case "refund-check":
      return `refund checks due${on}, reconcile`
    case "settle-unclear":
      return `admin settles${on}'s unclear refunds as the service's portal shows them`
    case "refund-during-lag":
      return `refund 25%${on} (history late), then 25% again during the lag${ANSWER_TEXT[command.second]}`
    case "reconcile":
      return `reconcile${command.trouble === "none" ? "" : ` (service ${command.trouble === "errors" ? "answers some 5xx" : "slow"})`}`
    case "race":
      return `${command.race} at once${on}${command.flip ? " (second first)" : ""}${command.offsetMs !== undefined ? `, ${command.offsetMs} ms apart` : ""}`
    case "change":
      return `change${on} to quantity ${command.quantity}`
    case "pay":
      return `pay${on} (${command.loan} unpaid loan, webhook ${command.webhook})`
    case "cancel":
      return `cancel${on}'s order${command.rejected ? " (service rejects refunds)" : ""}${command.linkStuck ? " (the service will not cancel its links)" : ""}`
    case "refund":
      return `refund ${command.share}%${on}${ANSWER_TEXT[command.answer]}`
    case "portal-refund":
      return `portal-refund ${command.share}%${on}`
    default:
      return unreachable(command)
  }
}

const PHONE_REPLY_TEXT: Record<PhoneReply, string> = {
  clear: "",
  lost: " (loan made, link sent, reply lost)",
  "lost-unknown": " (loan made, link sent, reply lost, status query down)",
}

const ANSWER_TEXT: Record<RefundAnswer, string> = {
  clear: "",
  late: " (accepted, history late)",
  slow: " (service slow to answer)",
  lost: " (applied, reply lost)",
  never: " (accepted, never in the history)",
  "lost-late": " (applied, reply lost, history late)",
  "lost-never": " (applied, reply lost, never in the history)",
  "hang-late": " (applied, never answered, history late)",
  "503": " (503 before anything applied)",
}

/** A short label of the command's kind, for the report's count of what the sequences did. */
export function kindOf(command: Command): string {
  if (command.kind === "race") return `race ${command.race}`
  if (command.kind === "session" && command.reply === "lost") return "session, replies lost"
  if (command.kind === "decline") return command.expired ? "link expired" : "declined"
  if (command.kind === "refund") return `refund ${command.answer}`
  if (command.kind === "refund-during-lag") return `refund-during-lag, then ${command.second}`
  if (command.kind === "refund-in-full") return `refund-in-full ${command.loan}`
  if (command.kind === "reconcile") return command.trouble === "none" ? "reconcile" : `reconcile ${command.trouble}`
  if (command.kind === "cancel") return `cancel${command.rejected ? " rejected" : ""}${command.linkStuck ? " link stuck" : ""}`
  if (command.kind === "phone-send") return `phone-send ${command.channel} ${command.reply}`
  if (command.kind === "phone-pay") return `phone-pay ${command.via} ${command.webhook}`
  if (command.kind === "balance-link") return `balance-link ${command.webhook}${command.returnPage ? " return-page" : ""}`
  if (command.kind === "edit-up" && command.later) return "edit-up later"
  if (command.kind === "partial-capture") return command.cancel ? "partial-capture, then cancel" : "partial-capture"
  if (command.kind === "return") return command.whole ? "return whole" : "return one unit"
  return command.kind
}

function unreachable(value: never): never {
  throw new Error(`unknown command ${JSON.stringify(value)}`)
}
