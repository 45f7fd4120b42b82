import { runToEnd } from "./proc"

export interface AptOptions {
  /** At the lowest CPU and I/O priority: for an install ahead of time, beside running suites. */
  idle?: boolean
  /** Keep apt's lines off the terminal; a failure still carries its last lines. */
  quiet?: boolean
}

/**
 * Installs Debian packages with apt-get (as root, as on a CI machine). The suites install what
 * they need themselves this way, and never download a browser or a server of their own.
 * Rejects with apt's last lines.
 */
export function aptInstall(packages: string[], { idle = false, quiet = false }: AptOptions = {}): Promise<void> {
  const install = `apt-get update -qq && apt-get install -y -qq --no-install-recommends ${packages.join(" ")}`
  const [command, args] = idle ? ["nice", ["-n", "19", "ionice", "-c", "3", "sh", "-c", install]] : ["sh", ["-c", install]]
  return runToEnd(command, args, { quiet, env: { DEBIAN_FRONTEND: "noninteractive" } })
}
