import { sendShell } from "../../../packages/demo-storefront/shell"

/**
 * GET /demo: the demo storefront's product and checkout page. Medusa serves routes only from the
 * project's src/api and its plugins' built api folders, so the demo store mounts the demo
 * storefront (packages/demo-storefront) here; the plugin's tarball leaves this folder out
 * (package.json's `files`).
 */
export const GET = sendShell
