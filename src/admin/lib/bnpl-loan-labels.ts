import type { LoanStatus, RefundRecord } from "../../providers/bnpl/wire"

/**
 * The widget's words in the admin's language. The dashboard's i18next keeps
 * the chosen language in the `lng` cookie and the `lng` localStorage key
 * (@medusajs/dashboard, src/i18n/config.ts: order cookie, localStorage);
 * the browser's language is the last resort.
 */
export type Language = "en" | "es"

export function adminLanguage(): Language {
  const chosen = cookie("lng") || stored("lng") || (typeof navigator === "undefined" ? "" : navigator.language)
  return chosen.toLowerCase().startsWith("es") ? "es" : "en"
}

function cookie(name: string): string {
  if (typeof document === "undefined") return ""
  const entry = document.cookie.split(/;\s*/).find((part) => part.startsWith(`${name}=`))
  try {
    return entry ? decodeURIComponent(entry.slice(name.length + 1)) : ""
  } catch {
    return ""
  }
}

function stored(key: string): string {
  try {
    return window.localStorage.getItem(key) ?? ""
  } catch {
    // Storage can be disabled by the browser; the language is not worth failing for.
    return ""
  }
}

type BadgeColor = "green" | "grey" | "orange" | "red"

export const STATUS_COLOR: Record<LoanStatus, BadgeColor> = {
  OUTSTANDING: "green",
  HISTORICAL: "grey",
  REQUEST: "orange",
  CANCELLED: "red",
}

export interface Labels {
  title: string
  loading: string
  refresh: string
  refreshing: string
  unreachable: string
  failed: (status: number) => string
  loan: string
  status: Record<LoanStatus, string>
  notListed: string
  installments: string
  total: string
  authorizeDate: string
  customer: string
  name: string
  email: string
  phone: string
  refunds: string
  noRefunds: string
  refundStatus: Record<RefundRecord["status"], string>
  otherLoans: string
}

const en: Labels = {
  title: "Pay in installments",
  loading: "Loading the loan…",
  refresh: "Refresh",
  refreshing: "Refreshing…",
  unreachable: "The financing service could not be reached. Try Refresh in a moment.",
  failed: (status) => `The loan could not be loaded (HTTP ${status}). Try Refresh in a moment.`,
  loan: "Loan",
  status: { OUTSTANDING: "Paid", HISTORICAL: "Closed", REQUEST: "Waiting for payment", CANCELLED: "Cancelled" },
  notListed: "The financing service does not list this loan.",
  installments: "Installments",
  total: "Total",
  authorizeDate: "Authorized",
  customer: "Customer",
  name: "Name",
  email: "Email",
  phone: "Phone",
  refunds: "Refunds",
  noRefunds: "No refunds",
  refundStatus: { REQUESTED: "Requested", REFUNDED: "Refunded" },
  otherLoans: "Other loans of this cart",
}

const es: Labels = {
  title: "Pago a plazos",
  loading: "Cargando el préstamo…",
  refresh: "Actualizar",
  refreshing: "Actualizando…",
  unreachable: "No se pudo contactar al servicio de financiamiento. Intenta Actualizar en un momento.",
  failed: (status) => `No se pudo cargar el préstamo (HTTP ${status}). Intenta Actualizar en un momento.`,
  loan: "Préstamo",
  status: { OUTSTANDING: "Pagado", HISTORICAL: "Liquidado", REQUEST: "Esperando pago", CANCELLED: "Cancelado" },
  notListed: "El servicio de financiamiento no muestra este préstamo.",
  installments: "Plazos",
  total: "Total",
  authorizeDate: "Autorizado",
  customer: "Cliente",
  name: "Nombre",
  email: "Correo",
  phone: "Teléfono",
  refunds: "Reembolsos",
  noRefunds: "Sin reembolsos",
  refundStatus: { REQUESTED: "Solicitado", REFUNDED: "Reembolsado" },
  otherLoans: "Otros préstamos de este carrito",
}

export const LABELS: Record<Language, Labels> = { en, es }
