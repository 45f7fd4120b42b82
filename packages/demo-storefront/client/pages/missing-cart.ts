import { h, show } from "../dom"
import { t } from "../i18n"

export function missingCart(app: HTMLElement): void {
  show(
    app,
    h(
      "section",
      { class: "card" },
      h("h1", {}, t.missingCart.title),
      h("p", { id: "error-message", class: "error" }, t.missingCart.text),
      h("div", { class: "actions" }, h("a", { href: "/demo" }, t.missingCart.shop)),
    ),
  )
}
