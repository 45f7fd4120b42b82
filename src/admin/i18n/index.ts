import { en } from "./en"
import { es } from "./es"

/**
 * The plugin's words for Medusa's admin (2.21's extension translations): the
 * admin build merges these resources into the dashboard's i18next, and every
 * component reads them with `useTranslation()` in the admin's own language.
 */
export default {
  en: { translation: en },
  es: { translation: es },
}
