import { z } from "zod"
import { LoanView } from "../http/control-api"
import { OutboxMessage, ReceivedRequest, Refund, WebhookDelivery } from "../state"
import { callControlApi } from "./control-client"
import { deliveryLine, loanDetails, loansTable, outboxTable, requestsTable, webhooksTable } from "./format"

export type Print = (text: string) => void

/** The commands that talk to a running sandbox: each reads the control API and prints text. */
export interface ControlCommand {
  usage: string
  summary: string
  run(url: string, args: string[], print: Print): Promise<void>
}

const get = (url: string, path: string): Promise<unknown> => callControlApi(url, "GET", path)
const post = (url: string, path: string, body?: unknown): Promise<unknown> => callControlApi(url, "POST", path, body)

export const CONTROL_COMMANDS: Record<string, ControlCommand> = {
  loans: {
    usage: "loans",
    summary: "list every loan",
    run: async (url, _args, print) => print(loansTable(z.array(LoanView).parse(await get(url, "/loans")))),
  },
  loan: {
    usage: "loan <loanId>",
    summary: "show one loan: products, customer, refunds, checkout link",
    run: async (url, args, print) => print(loanDetails(LoanView.parse(await get(url, `/loans/${loanIdArg(args)}`)))),
  },
  pay: {
    usage: "pay <loanId>",
    summary: "pay the first installment, as the customer would; sends the webhook",
    run: async (url, args, print) => {
      const answer = await post(url, `/loans/${loanIdArg(args)}/pay`)
      const paid = z.object({ loan: LoanView, delivery: WebhookDelivery }).parse(answer)
      print(`Loan ${paid.loan.loanId} is ${paid.loan.status}.\n${deliveryLine(paid.delivery)}`)
    },
  },
  decline: {
    usage: "decline <loanId>",
    summary: "the customer is refused: REQUEST -> CANCELLED, no webhook",
    run: async (url, args, print) => {
      const loan = LoanView.parse(await post(url, `/loans/${loanIdArg(args)}/decline`))
      print(`Loan ${loan.loanId} is ${loan.status}; no webhook is sent for a declined loan.`)
    },
  },
  expire: {
    usage: "expire <loanId>",
    summary: "the checkout link stops working; the status stays as it is",
    run: async (url, args, print) => {
      const loan = LoanView.parse(await post(url, `/loans/${loanIdArg(args)}/expire`))
      print(`Loan ${loan.loanId}: checkout link expired; status stays ${loan.status}.`)
    },
  },
  redeliver: {
    usage: "redeliver <loanId>",
    summary: "send the loan's webhook again, now",
    run: async (url, args, print) => {
      const delivery = WebhookDelivery.parse(await post(url, `/loans/${loanIdArg(args)}/redeliver`))
      print(deliveryLine(delivery))
    },
  },
  refund: {
    usage: "refund <cartId> <amount> [reason]",
    summary: "refund the cart's paid loan in the service's portal, e.g. refund cart_01 200.25",
    run: async (url, args, print) => {
      const [cartId, totalAmount, ...reason] = args
      if (!cartId || !totalAmount) throw new Error("refund needs a cartId and an amount, e.g. refund cart_01 200.25")
      const body = { totalAmount, ...(reason.length ? { reason: reason.join(" ") } : {}) }
      const refund = Refund.parse(await post(url, `/carts/${encodeURIComponent(cartId)}/refunds`, body))
      print(`Refund ${refund.refundId} of loan ${refund.loanId}: ${refund.totalAmount}, ${refund.status}.`)
    },
  },
  requests: {
    usage: "requests",
    summary: "requests the service endpoints received (secrets redacted)",
    run: async (url, _args, print) => print(requestsTable(z.array(ReceivedRequest).parse(await get(url, "/requests")))),
  },
  webhooks: {
    usage: "webhooks",
    summary: "webhook delivery attempts",
    run: async (url, _args, print) => print(webhooksTable(z.array(WebhookDelivery).parse(await get(url, "/webhooks")))),
  },
  outbox: {
    usage: "outbox [clear]",
    summary: "checkout links sent to customers' phones (WhatsApp, SMS) or shown as QR codes; open one to pay",
    run: async (url, args, print) => {
      if (args[0] === "clear") {
        const { cleared } = z.object({ cleared: z.number() }).parse(await callControlApi(url, "DELETE", "/outbox"))
        return print(`Outbox cleared (${cleared} messages).`)
      }
      if (args[0] !== undefined) throw new Error(`outbox takes nothing or 'clear', not '${args[0]}'`)
      print(outboxTable(z.array(OutboxMessage).parse(await get(url, "/outbox"))))
    },
  },
  faults: {
    usage: "faults [<json> | clear]",
    summary: 'show, set or clear injected faults, e.g. \'{"status":{"errorRate":0.5}}\'',
    run: async (url, args, print) => {
      const config = args[0] === undefined ? await get(url, "/faults") : await putFaults(url, args[0])
      print(`Faults: ${JSON.stringify(config, null, 2)}`)
    },
  },
  reset: {
    usage: "reset",
    summary: "forget loans, refunds, requests, webhook deliveries and sent messages",
    run: async (url, _args, print) => {
      await post(url, "/reset")
      print("Sandbox reset.")
    },
  },
}

function putFaults(url: string, arg: string): Promise<unknown> {
  if (arg === "clear") return callControlApi(url, "PUT", "/faults", {})
  let faults: unknown
  try {
    faults = JSON.parse(arg)
  } catch {
    throw new Error(`faults: '${arg}' is not JSON; try '{"status":{"errorRate":0.5}}' or 'clear'`)
  }
  return callControlApi(url, "PUT", "/faults", faults)
}

function loanIdArg(args: string[]): number {
  const [loanId] = args
  if (!loanId || !/^\d+$/.test(loanId)) throw new Error("a numeric loanId is required, e.g. 5001")
  return Number(loanId)
}
