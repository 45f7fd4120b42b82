import type { Request } from "express"
import { chooseLang, type Lang } from "./lang"

/**
 * Every sentence of the sandbox's checkout pages and of its outbox page, in Mexican Spanish (the service's
 * customers' language, the default) and English (`?lang=en`, or the browser's language).
 */
const ES = {
  htmlLang: "es-MX",
  footer: "Sandbox del servicio de financiamiento: no se mueve dinero.",
  sandboxName: "Sandbox de financiamiento",
  payIn: (count: number) => `Paga en ${count} cuotas`,
  yourOrder: "Tu pedido",
  cartLoan: (cartId: string) => `Carrito ${cartId} · Préstamo`,
  item: "Artículo",
  qty: "Cant.",
  price: "Precio",
  subtotal: "Subtotal",
  shipping: "Envío",
  taxes: "Impuestos",
  discount: "Descuento",
  total: "Total",
  yourPlan: "Tu plan",
  today: "Hoy",
  installment: (n: number) => `Cuota ${n}`,
  everyTwoWeeks: "Una cuota cada dos semanas.",
  customer: "Cliente",
  payFirst: "Pagar la primera cuota",
  cancel: "Cancelar",
  backToStore: "Volver a la tienda",
  notFoundTitle: "No encontramos el enlace de pago",
  notFound: "Este enlace de pago no existe. Pide uno nuevo a la tienda.",
  expiredTitle: "El enlace de pago venció",
  expired: "Este enlace de pago ya venció. Vuelve a la tienda para intentarlo de nuevo.",
  notPayableTitle: "Este préstamo no se puede pagar",
  notPayable: (loanId: number, cartId: string, status: string) =>
    `El préstamo #${loanId} del carrito ${cartId} tiene estado ${status}; solo un préstamo en REQUEST se puede pagar.`,
  paidTitle: "Pago recibido",
  paid: "Pagaste la primera cuota y la tienda ya recibió el aviso. Puedes cerrar esta página.",
  notPaidTitle: "No se pagó nada",
  notPaid: "Para pagar más tarde, abre de nuevo el enlace que te envió la tienda.",
  outboxTitle: "Mensajes enviados",
  outboxIntro: "Lo que el servicio habría enviado a los teléfonos de los clientes, lo más reciente primero. Abre un enlace para pagar.",
  outboxEmpty: "Aún no se ha enviado ningún mensaje.",
  outboxFor: (phone: string) => `Solo los mensajes para ${phone}.`,
  outboxChannel: (channel: string) => (channel === "QR" ? "Código QR mostrado" : `Enviado por ${channel === "SMS" ? "SMS" : "WhatsApp"}`),
  outboxLoan: (cartId: string, loanId: number, status: string) => `Carrito ${cartId} · Préstamo #${loanId} · ${status}`,
  openLink: "Abrir el enlace de pago",
}

export type CheckoutTexts = typeof ES

const EN: CheckoutTexts = {
  htmlLang: "en",
  footer: "Sandbox of the financing service: no money moves.",
  sandboxName: "Financing sandbox",
  payIn: (count) => `Pay in ${count} installments`,
  yourOrder: "Your order",
  cartLoan: (cartId) => `Cart ${cartId} · Loan`,
  item: "Item",
  qty: "Qty",
  price: "Price",
  subtotal: "Subtotal",
  shipping: "Shipping",
  taxes: "Taxes",
  discount: "Discount",
  total: "Total",
  yourPlan: "Your plan",
  today: "Today",
  installment: (n) => `Installment ${n}`,
  everyTwoWeeks: "One installment every two weeks.",
  customer: "Customer",
  payFirst: "Pay first installment",
  cancel: "Cancel",
  backToStore: "Back to the store",
  notFoundTitle: "Payment link not found",
  notFound: "This payment link does not exist. Ask the store for a new one.",
  expiredTitle: "Payment link expired",
  expired: "This payment link has expired. Go back to the store to try again.",
  notPayableTitle: "This loan cannot be paid",
  notPayable: (loanId, cartId, status) => `Loan #${loanId} for cart ${cartId} has status ${status}; only a loan in REQUEST can be paid.`,
  paidTitle: "Payment received",
  paid: "You paid the first installment and the store has been told. You can close this page.",
  notPaidTitle: "Nothing was paid",
  notPaid: "To pay later, open the link the store sent you again.",
  outboxTitle: "Messages sent",
  outboxIntro: "What the service would have sent to customers' phones, newest first. Open a link to pay.",
  outboxEmpty: "No message has been sent yet.",
  outboxFor: (phone) => `Only the messages for ${phone}.`,
  outboxChannel: (channel) => (channel === "QR" ? "QR code shown" : `Sent by ${channel === "SMS" ? "SMS" : "WhatsApp"}`),
  outboxLoan: (cartId, loanId, status) => `Cart ${cartId} · Loan #${loanId} · ${status}`,
  openLink: "Open the payment link",
}

const TEXTS: Record<Lang, CheckoutTexts> = { "es-MX": ES, en: EN }

/** The page's texts: `?lang=` first, then the browser's Accept-Language, else Spanish. */
export function checkoutTexts(req: Pick<Request, "query" | "get">): CheckoutTexts {
  const requested = typeof req.query.lang === "string" ? req.query.lang : undefined
  return TEXTS[chooseLang(requested, req.get("accept-language"))]
}

export const DEFAULT_CHECKOUT_TEXTS = ES
