import Medusa from "@medusajs/js-sdk"
import { readConfig } from "./config"
import { errorText, h, show } from "./dom"
import { lang, otherLangHref, t } from "./i18n"
import { cancelledPage } from "./pages/cancelled"
import { cartPage } from "./pages/cart"
import { shopPage } from "./pages/shop"
import { successPage } from "./pages/success"
import { DemoStore } from "./store"

/** The demo storefront: one script for every page under /demo, chosen by the path. */
async function main(app: HTMLElement): Promise<void> {
  const { publishableKey } = readConfig()
  if (!publishableKey) throw new Error(t.noKey)
  const sdk = new Medusa({
    baseUrl: location.origin,
    publishableKey,
    // This page never logs in; keep clear of any token the admin (same origin) may store.
    auth: { type: "jwt", jwtTokenStorageMethod: "nostore" },
  })
  const store = new DemoStore(sdk)
  const path = location.pathname.replace(/\/+$/, "")
  const cartId = new URLSearchParams(location.search).get("cart_id")
  switch (path) {
    case "/demo/checkout/bnpl/success":
      return successPage(app, store, cartId)
    case "/demo/checkout/bnpl/error":
      return cancelledPage(app, store, cartId)
    case "/demo/cart":
      return cartPage(app, store, cartId)
    default:
      return shopPage(app, store)
  }
}

/** The shell was written in the server's guess of the language; the page's own choice wins. */
function frame(): void {
  document.documentElement.lang = t.htmlLang
  document.title = t.title
  document.getElementById("tagline")?.replaceChildren(t.tagline)
  document.getElementById("footer")?.replaceChildren(t.footer)
  const link = document.getElementById("lang-switch")
  link?.setAttribute("href", otherLangHref())
  link?.setAttribute("hreflang", lang === "en" ? "es-MX" : "en")
  link?.replaceChildren(t.switchTo)
}

const app = document.getElementById("app")
if (app) {
  frame()
  main(app).catch((error) =>
    show(
      app,
      h(
        "section",
        { class: "card" },
        h("h1", {}, t.loadFailed),
        h("p", { id: "error-message", class: "error" }, errorText(error)),
        h("a", { href: "/demo" }, t.reload),
      ),
    ),
  )
}
