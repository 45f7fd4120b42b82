import type { LoanRequest } from "../../providers/bnpl/wire"
import { installmentPlan } from "../installments"
import { formatPesos, numberToCents } from "../money"
import type { Loan } from "../state"
import { escapeHtml, htmlPage } from "./html"

/**
 * The page a customer lands on from the checkout link: what is bought, what it costs, how
 * the installments fall, and two buttons (`#pay`, `#cancel`) that browser tests can find.
 */
export function checkoutPage(loan: Loan, merchantName: string, today: Date): string {
  const query = `?token=${encodeURIComponent(loan.checkoutToken)}`
  return htmlPage(
    `${merchantName}: pay in ${loan.installments} installments`,
    `<div class="card">
<header>
<div class="merchant">${escapeHtml(merchantName)}</div>
<h1>Pay in ${loan.installments} installments</h1>
</header>
<section><h2>Your order</h2>
<p class="muted">Cart ${escapeHtml(loan.cartId)} · Loan <span class="badge">#${loan.loanId}</span></p>
${orderTable(loan.request)}
</section>
<section><h2>Your plan</h2>${planList(loan, today)}</section>
${buyerSection(loan.request)}
<section class="actions">
<form method="post" action="/checkout/${loan.loanId}/pay${query}">
<button id="pay" class="primary" type="submit">Pay first installment</button>
</form>
<form method="post" action="/checkout/${loan.loanId}/cancel${query}">
<button id="cancel" type="submit">Cancel</button>
</form>
</section>
<section class="muted"><a href="${escapeHtml(loan.request.cartUrl)}">Back to the store</a></section>
</div>`,
  )
}

function orderTable(request: LoanRequest): string {
  const products = (request.products ?? []).map(
    (product) =>
      `<tr class="product"><td>${escapeHtml(product.title)}</td><td class="num">${product.count}</td>` +
      `<td class="num">${formatPesos(numberToCents(product.price))}</td>` +
      `<td class="num">${formatPesos(numberToCents(product.price) * product.count)}</td></tr>`,
  )
  const adjustments = [
    adjustment("Shipping", request.shipping, 1),
    adjustment("Taxes", request.taxes, 1),
    adjustment("Discount", request.discount, -1),
  ]
  return `<table>
<thead><tr><th>Item</th><th class="num">Qty</th><th class="num">Price</th><th class="num">Subtotal</th></tr></thead>
<tbody>
${[...products, ...adjustments].filter(Boolean).join("\n")}
<tr class="total"><td colspan="3">Total</td>
<td class="num" id="total">${formatPesos(numberToCents(request.totalPrice))}</td></tr>
</tbody>
</table>`
}

function adjustment(label: string, priced: { price: number; title: string } | undefined, sign: 1 | -1): string {
  if (!priced) return ""
  const amount = `${sign < 0 ? "−" : ""}${formatPesos(numberToCents(priced.price))}`
  const title = priced.title && priced.title !== label ? ` (${escapeHtml(priced.title)})` : ""
  return `<tr class="adjustment"><td colspan="3">${label}${title}</td><td class="num">${amount}</td></tr>`
}

function planList(loan: Loan, today: Date): string {
  const plan = installmentPlan(numberToCents(loan.request.totalPrice), loan.installments, today)
  const items = plan.map((installment) => {
    const first = installment.number === 1
    const label = first ? "Today" : `Installment ${installment.number}`
    return (
      `<li class="installment${first ? " today" : ""}">` +
      `<span>${label} · ${installment.dueDate}</span><span>${formatPesos(installment.cents)}</span></li>`
    )
  })
  return `<ol class="plan">${items.join("")}</ol><p class="muted">One installment every two weeks.</p>`
}

function buyerSection(request: LoanRequest): string {
  const buyer = request.buyer
  const name = [buyer?.firstName, buyer?.lastName].filter(Boolean).join(" ")
  const parts = [name, buyer?.email].filter((part): part is string => Boolean(part))
  if (parts.length === 0) return ""
  return `<section><h2>Customer</h2><p>${parts.map(escapeHtml).join(" · ")}</p></section>`
}
