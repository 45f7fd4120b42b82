import type { RequestHandler } from "express"
import type { SandboxContext } from "../context"
import { qrSvg } from "../qr/svg"
import type { OutboxMessage } from "../state"
import { escapeHtml, htmlPage, sendPage } from "./html"
import { type CheckoutTexts, checkoutTexts } from "./texts"

/**
 * GET /outbox: the customers' phones, for a person trying the demo. Every checkout link the
 * sandbox "sent" (or showed as a QR code), newest first, with the loan's status now, a link to
 * open and, for a QR, the code itself. `?phone=5512345678` shows one customer's messages.
 */
export function outboxPage(ctx: SandboxContext): RequestHandler {
  return (req, res) => {
    const t = checkoutTexts(req)
    const phone = typeof req.query.phone === "string" ? req.query.phone : undefined
    const messages = ctx.state.outbox.filter((message) => phone === undefined || message.phone === phone).reverse()
    const status = (message: OutboxMessage): string => ctx.state.loans.get(message.loanId)?.status ?? "?"
    const items = messages.map((message) => messageItem(message, status(message), t))
    const list = items.length > 0 ? `<ol class="outbox">${items.join("\n")}</ol>` : `<p>${escapeHtml(t.outboxEmpty)}</p>`
    const filter = phone === undefined ? "" : `<p class="muted">${escapeHtml(t.outboxFor(phone))}</p>`
    const content = `<div class="card">
<header><div class="merchant">${escapeHtml(t.sandboxName)}</div><h1>${escapeHtml(t.outboxTitle)}</h1></header>
<section><p class="muted">${escapeHtml(t.outboxIntro)}</p>${filter}${list}</section>
</div>`
    sendPage(res, 200, htmlPage(t.outboxTitle, content, t))
  }
}

function messageItem(message: OutboxMessage, status: string, t: CheckoutTexts): string {
  const link = escapeHtml(message.link)
  // The SVG is the sandbox's own markup, drawn from the link: nothing in it comes from a request unescaped.
  const qr = message.channel === "QR" ? `<div class="qr">${qrSvg(message.link)}</div>` : ""
  return `<li class="message" data-channel="${message.channel}">
<div><strong>${escapeHtml(t.outboxChannel(message.channel))}</strong> · ${escapeHtml(message.phone)} · <span class="muted">${escapeHtml(message.at.replace("T", " ").slice(0, 19))}</span></div>
<div class="muted">${escapeHtml(t.outboxLoan(message.cartId, message.loanId, status))}</div>
${qr}<a class="open" href="${link}">${escapeHtml(t.openLink)}: ${link}</a>
</li>`
}
