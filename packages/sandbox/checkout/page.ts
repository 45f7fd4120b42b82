import type { LoanRequest } from "../wire"
import { installmentPlan } from "../installments"
import { formatPesos, numberToCents } from "../money"
import type { Loan } from "../state"
import { escapeHtml, htmlPage } from "./html"
import type { CheckoutTexts } from "./texts"

/**
 * The page a customer lands on from the checkout link: what is bought, what it costs, how
 * the installments fall, and two buttons (`#pay`, `#cancel`) that browser tests can find.
 * An in-store loan's customer, on a phone, has no store to go back to.
 */
export function checkoutPage(loan: Loan, merchantName: string, today: Date, t: CheckoutTexts): string {
  const query = `?token=${encodeURIComponent(loan.checkoutToken)}`
  return htmlPage(
    `${merchantName}: ${t.payIn(loan.installments)}`,
    `<div class="card">
<header>
<div class="merchant">${escapeHtml(merchantName)}</div>
<h1>${t.payIn(loan.installments)}</h1>
</header>
<section><h2>${t.yourOrder}</h2>
<p class="muted">${escapeHtml(t.cartLoan(loan.cartId))} <span class="badge">#${loan.loanId}</span></p>
${orderTable(loan.request, t)}
</section>
<section><h2>${t.yourPlan}</h2>${planList(loan, today, t)}</section>
${buyerSection(loan.request, t)}
<section class="actions">
<form method="post" action="/checkout/${loan.loanId}/pay${query}">
<button id="pay" class="primary" type="submit">${t.payFirst}</button>
</form>
<form method="post" action="/checkout/${loan.loanId}/cancel${query}">
<button id="cancel" type="submit">${t.cancel}</button>
</form>
</section>
${loan.posRequest ? "" : `<section class="muted"><a href="${escapeHtml(loan.request.cartUrl)}">${t.backToStore}</a></section>`}
</div>`,
    t,
  )
}

function orderTable(request: LoanRequest, t: CheckoutTexts): string {
  const products = (request.products ?? []).map(
    (product) =>
      `<tr class="product"><td>${escapeHtml(product.title)}</td><td class="num">${product.count}</td>` +
      `<td class="num">${formatPesos(numberToCents(product.price))}</td>` +
      `<td class="num">${formatPesos(numberToCents(product.price) * product.count)}</td></tr>`,
  )
  const adjustments = [
    adjustment(t.shipping, request.shipping, 1),
    adjustment(t.taxes, request.taxes, 1),
    adjustment(t.discount, request.discount, -1),
  ]
  return `<table>
<thead><tr><th>${t.item}</th><th class="num">${t.qty}</th><th class="num">${t.price}</th><th class="num">${t.subtotal}</th></tr></thead>
<tbody>
${[...products, ...adjustments].filter(Boolean).join("\n")}
<tr class="total"><td colspan="3">${t.total}</td>
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

function planList(loan: Loan, today: Date, t: CheckoutTexts): string {
  const plan = installmentPlan(numberToCents(loan.request.totalPrice), loan.installments, today)
  const items = plan.map((installment) => {
    const first = installment.number === 1
    const label = first ? t.today : t.installment(installment.number)
    return (
      `<li class="installment${first ? " today" : ""}">` +
      `<span>${label} · ${installment.dueDate}</span><span>${formatPesos(installment.cents)}</span></li>`
    )
  })
  return `<ol class="plan">${items.join("")}</ol><p class="muted">${t.everyTwoWeeks}</p>`
}

function buyerSection(request: LoanRequest, t: CheckoutTexts): string {
  const buyer = request.buyer
  const name = [buyer?.firstName, buyer?.lastName].filter(Boolean).join(" ")
  const parts = [name, buyer?.email].filter((part): part is string => Boolean(part))
  if (parts.length === 0) return ""
  return `<section><h2>${t.customer}</h2><p>${parts.map(escapeHtml).join(" · ")}</p></section>`
}
